import { sql, type SQL } from 'drizzle-orm';
import { directs } from '../../db/schema.ts';
import { prefixTsquery, searchWords } from '../../lib/search-words.ts';

/**
 * French full-text search over title + description, case- and accent-free.
 *
 * Each word becomes a stemmed prefix (`soir` finds "Soirées"), every word must match; a
 * substring match on the unaccented text (trigram index) catches what stemming misses, such as
 * stop words or a word cut mid-stem while typing.
 */
const prefixQuery = (term: string): SQL | undefined => {
  const words = searchWords(term);
  if (words.length === 0) return undefined;
  return sql`to_tsquery('french', immutable_unaccent(${prefixTsquery(words)}))`;
};

const likePattern = (term: string) => `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const plainText = sql`immutable_unaccent(lower(${directs.searchText}))`;
const plainTerm = (term: string) => sql`immutable_unaccent(lower(${term.trim()}))`;

export const searchCondition = (term: string): SQL => {
  const substring = sql`${plainText} like immutable_unaccent(lower(${likePattern(term)}))`;
  const query = prefixQuery(term);
  return query ? sql`(${directs.searchVector} @@ ${query} or ${substring})` : sql`(${substring})`;
};

/** Best match first: full-text rank, then how closely the words resemble the term. */
export const searchRank = (term: string): SQL => {
  const query = prefixQuery(term);
  const similarity = sql`word_similarity(${plainTerm(term)}, ${plainText})`;
  return query ? sql`(ts_rank(${directs.searchVector}, ${query}) + ${similarity})` : similarity;
};

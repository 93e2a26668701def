import { sql, type SQL } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';

/**
 * French search over `videos.search_text` (title, description and tag names, kept by the DB
 * triggers of migration 0003). Two indexed matches, OR-ed:
 * - full text: `search_vector` (french stems over `immutable_unaccent`), each word as a prefix,
 *   so "chevaux" finds "cheval" and "chev" finds "chevaux";
 * - trigrams: word similarity against `immutable_unaccent(lower(search_text))`, for typos and
 *   partial words the stemmer misses.
 * The expressions must stay identical to those of the indexes (videos_search_idx,
 * videos_search_trgm_idx), or the planner falls back to scanning every video.
 */

const MAX_WORDS = 8;

/** Letters and digits only: everything else (tsquery operators, quotes, punctuation) splits words. */
export const searchWords = (term: string): string[] =>
  (term.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);

/** `cheval:* & blanc:*`: every word must match, each as a prefix. Safe: words hold no operator. */
export const prefixTsquery = (words: string[]): string => words.map((w) => `${w}:*`).join(' & ');

export interface SearchSql {
  match: SQL;
  rank: SQL;
}

export const videoSearch = (words: string[]): SearchSql => {
  const query = sql`to_tsquery('french', immutable_unaccent(${prefixTsquery(words)}::text))`;
  const needle = sql`immutable_unaccent(lower(${words.join(' ')}::text))`;
  const haystack = sql`immutable_unaccent(lower(${videos.searchText}))`;
  return {
    match: sql`(${videos.searchVector} @@ ${query} or ${needle} <% ${haystack})`,
    rank: sql`(ts_rank(${videos.searchVector}, ${query}) + word_similarity(${needle}, ${haystack}))`,
  };
};

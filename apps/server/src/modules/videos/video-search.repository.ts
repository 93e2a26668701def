import { sql, type SQL } from 'drizzle-orm';
import { Processing } from '@plateau/contract';
import { visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import { videos } from '../../db/schema.ts';
import { sqlLiteral } from '../../db/sql-literal.ts';
import {
  prefixTsquery as sharedPrefixTsquery,
  searchWords as termWords,
} from '../../lib/search-words.ts';

/**
 * French search over `videos.search_text` (title, description and tag names, kept by the DB
 * triggers of migration 0003), in stages: the first stage that finds anything answers.
 * 1. full text: `search_vector` (french stems over `immutable_unaccent`), every word as a
 *    prefix, so "chevaux" finds "cheval" and "chev" finds "chevaux"; ranked by ts_rank;
 * 2. inside words: each word as a substring of `immutable_unaccent(lower(search_text))`
 *    ("ylophone" finds "xylophone"), newest first;
 * 3. typos: trigram word similarity against the same text, most similar first.
 * Only stage 1 runs for a term that matches. Stages 2 and 3 use the trigram GIN index and check
 * at most TRIGRAM_CANDIDATES rows: checking every match of a common word is far too slow on
 * 100k videos.
 * The expressions must stay identical to those of the indexes (videos_search_idx,
 * videos_search_trgm_idx), or the planner falls back to reading every video.
 */

const MAX_WORDS = 8;
/** Shorter words match whole lexemes only: "ba:*" would match a third of any catalogue. */
const MIN_PREFIX = 3;

/** The first MAX_WORDS words of the term (see lib/search-words.ts). */
export const searchWords = (term: string): string[] => termWords(term).slice(0, MAX_WORDS);

/** `cheval:* & blanc:* & dt`: every word must match, short ones whole. */
export const prefixTsquery = (words: string[]): string => sharedPrefixTsquery(words, MIN_PREFIX);

export interface SearchStage {
  match: SQL;
  /** Best first. */
  orderBy: SQL[];
  /** The full-text stage's tsquery: its ranked results are shared (search-results.repository.ts). */
  key?: string;
}

/** Trigram stages score at most this many candidates: their nResults is capped there too. */
export const TRIGRAM_CANDIDATES = 200;

/** The indexed expression of videos_search_trgm_idx, on a table alias. */
export const trigramText = (alias: string) =>
  sql.raw(`immutable_unaccent(lower("${alias}".search_text))`);
const normalized = (value: string) => sql`immutable_unaccent(lower(${value}::text))`;

type TrigramCondition = (haystack: SQL) => SQL;

/**
 * A trigram condition over at most TRIGRAM_CANDIDATES visible published videos: the index
 * finds candidates, the row check stops once enough are found, however common the word.
 */
const boundedCandidates = (viewer: Viewer, condition: TrigramCondition): SQL =>
  sql`${videos.id} in (select c.id from ${videos} c where c.processing = ${sqlLiteral(Processing.Published)} and ${visibleVideo(viewer, 'c')} and ${condition(trigramText('c'))} limit ${TRIGRAM_CANDIDATES})`;

const fullText = (words: string[]): SearchStage => {
  const key = prefixTsquery(words);
  const query = sql`to_tsquery('french', immutable_unaccent(${key}::text))`;
  return {
    key,
    match: sql`${videos.searchVector} @@ ${query}`,
    orderBy: [sql`ts_rank(${videos.searchVector}, ${query}) desc`],
  };
};

/** Every word of 3+ letters inside the text; undefined when there is none. */
export const insideCondition = (words: string[]): TrigramCondition | undefined => {
  const long = words.filter((w) => w.length >= MIN_PREFIX);
  if (long.length === 0) return undefined;
  return (haystack) =>
    sql.join(
      long.map((w) => sql`${haystack} like ${normalized(`%${w}%`)}`),
      sql` and `,
    );
};

/** A typo in a word shorter than this is noise: "ba" is close to half the catalogue. */
const MIN_FUZZY = 4;

const fuzzyNeedle = (words: string[]) => {
  const long = words.filter((w) => w.length >= MIN_FUZZY);
  return long.length === 0 ? undefined : normalized(long.join(' '));
};

/** The words of 4+ letters, give or take a typo; undefined when there is none. */
export const similarCondition = (words: string[]): TrigramCondition | undefined => {
  const needle = fuzzyNeedle(words);
  return needle && ((haystack) => sql`${needle} <% ${haystack}`);
};

const insideWords = (viewer: Viewer, words: string[]): SearchStage | undefined => {
  const condition = insideCondition(words);
  return condition && { match: boundedCandidates(viewer, condition), orderBy: [] };
};

const similarWords = (viewer: Viewer, words: string[]): SearchStage | undefined => {
  const condition = similarCondition(words);
  const needle = fuzzyNeedle(words);
  return (
    condition &&
    needle && {
      match: boundedCandidates(viewer, condition),
      orderBy: [sql`word_similarity(${needle}, ${trigramText('videos')}) desc`],
    }
  );
};

/** No words (whitespace, punctuation): no stage, so nothing is found. */
export const searchStages = (viewer: Viewer, words: string[]): SearchStage[] =>
  words.length === 0
    ? []
    : [fullText(words), insideWords(viewer, words), similarWords(viewer, words)].filter(
        (stage): stage is SearchStage => stage !== undefined,
      );

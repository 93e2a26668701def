/**
 * Turning a typed search term into a french `to_tsquery` text, shared by the searches.
 * The words hold letters and digits only: everything else (tsquery operators, quotes, `%`, `_`)
 * splits words, so no user input is ever read as tsquery syntax.
 */

/**
 * The term without its control characters: a search never refuses a stray pasted character (a
 * NUL byte would fail in PostgreSQL). Tabs and line breaks count as spaces, the others vanish.
 */
export const withoutControls = (term: string): string =>
  term.replace(/[\t\n\v\f\r]/g, ' ').replace(/\p{Cc}/gu, '');

export const searchWords = (term: string): string[] =>
  withoutControls(term)
    .normalize('NFC')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * `cheval:* & blanc:*`: every word must match, each as a prefix. Words shorter than
 * `minPrefix` match whole lexemes only (on a large catalogue "ba:*" matches far too much).
 */
export const prefixTsquery = (words: string[], minPrefix = 1): string =>
  words.map((word) => (word.length >= minPrefix ? `${word}:*` : word)).join(' & ');

import { fieldLimits } from '@plateau/contract';

/**
 * A chat message's text: one line of plain text, as typed, emoji included. Control characters
 * (line breaks become spaces) and bidirectional overrides and isolates (which would turn the
 * rest of the line, or the next author's name, around) are stripped; blanks are collapsed.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it strips
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

export const cleanMessage = (raw: string): string =>
  raw.normalize('NFC').replace(CONTROLS, ' ').replace(BIDI, '').replace(/\s+/g, ' ').trim();

/** Characters as a person counts them: an emoji is one (the contract's limit reads so too). */
export const messageLength = (text: string) => [...text].length;

export const isTooLong = (text: string) => messageLength(text) > fieldLimits.chatMessage;

/** Lower case, without accents: « Crétin » and « cretin » are the same word. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a text holds one of the forbidden words, as a word (« con » does not refuse
 * « contrat »), ignoring case and accents. A word of several words matches as a phrase.
 */
export const forbiddenWordMatcher = (words: string[]): ((text: string) => boolean) => {
  const cleaned = words.map((word) => folded(word.trim())).filter((word) => word !== '');
  if (cleaned.length === 0) return () => false;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${cleaned.map(escaped).join('|')})(?![\\p{L}\\p{N}])`,
    'u',
  );
  return (text) => pattern.test(folded(text));
};

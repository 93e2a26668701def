import { Type } from '@sinclair/typebox';
import { fieldLimits } from './limits.ts';

/**
 * Text inputs and the patterns that keep control characters out of them. PostgreSQL cannot
 * store a NUL byte, and no title, name or address needs a control character (C0, DEL, C1).
 * Patterns are ECMA 262 class ranges, so they read the same in ajv, in TypeBox and in OpenAPI.
 */
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f';
/** Descriptions keep tab (09), line feed (0a) and carriage return (0d). */
const CONTROLS_BUT_LINE_BREAKS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';

export const TextPattern = {
  /** One line with something visible in it: blanks, then a visible character, then the rest. */
  line: `^[^\\S${CONTROLS}]*[^\\s${CONTROLS}][^${CONTROLS}]*$`,
  /** One line, possibly empty. */
  optionalLine: `^[^${CONTROLS}]*$`,
  /** Paragraphs. */
  paragraphs: `^[^${CONTROLS_BUT_LINE_BREAKS}]*$`,
  username: '^[A-Za-z0-9._@-]+$',
  /** A day or an instant of the years 1900 to 2999: "2026-11-21" or "2026-11-21T18:00:00Z". */
  date: '^(19|2\\d)\\d{2}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
} as const;

/** What each pattern asks for, in French: the API names the field and says this. */
export const patternMessages: Record<string, string> = {
  [TextPattern.line]: 'texte non vide attendu, sans caractère de contrôle',
  [TextPattern.optionalLine]: 'caractère de contrôle interdit',
  [TextPattern.paragraphs]:
    'caractère de contrôle interdit (seuls tabulations et retours à la ligne sont permis)',
  [TextPattern.username]: 'lettres sans accent, chiffres, « . », « _ », « @ » et « - » uniquement',
  [TextPattern.date]: 'date ISO 8601 attendue, entre les années 1900 et 2999',
};

/** A title or a name: one line, not blank, no control character. */
export const LineText = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: TextPattern.line });

/** One line that may be empty (an address, a login field). */
export const OptionalLineText = (maxLength: number) =>
  Type.String({ maxLength, pattern: TextPattern.optionalLine });

/** A description: paragraphs and tabs allowed, other control characters refused. */
export const ParagraphsText = (maxLength: number) =>
  Type.String({ maxLength, pattern: TextPattern.paragraphs });

/**
 * A search term as typed. Control characters are not refused here: the search drops them, so a
 * pasted stray character still searches.
 */
export const SearchTermParams = Type.Object({
  term: Type.String({ maxLength: fieldLimits.searchTerm }),
});

import {
  captionLanguageName,
  captionMaxBytes,
  commonCaptionLanguages,
} from '@plateau/contract/constants';
import { errorStatus } from '../../lib/api.ts';

/** Our words for captions (the spec has none), in its style. */
export const captionMessages = {
  saved: 'Sous-titres enregistrés',
  removed: 'Sous-titres retirés',
  sendFailed: "Erreur pendant l'envoi des sous-titres",
  removeFailed: 'Erreur pendant le retrait des sous-titres',
  // The server's own 413 text: a file refused here reads as one refused there.
  tooLarge: 'Le fichier dépasse la taille maximale autorisée',
  confirmRemove: (name: string) => `Etes-vous sûr de vouloir retirer les sous-titres « ${name} » ?`,
} as const;

/** What the file buttons offer: the two formats the server reads, by extension and type. */
export const CAPTION_ACCEPT = '.srt,.vtt,text/vtt,application/x-subrip';

const names = new Intl.DisplayNames(['fr'], { type: 'language', fallback: 'none' });

/** "Français", "Anglais": the same names as the player's « Sous-titres » menu. */
export const languageName = captionLanguageName;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

let otherCodes: string[] | undefined;

/**
 * Every ISO 639-1 code the browser names, but the common ones, by French name. No API lists
 * them, so the 676 two-letter codes are tried once; aliases (iw, in, mo...) are left out, their
 * current code already being there.
 */
const otherLanguages = (): string[] => {
  if (otherCodes) return otherCodes;
  const common: readonly string[] = commonCaptionLanguages;
  const codes: string[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      if (common.includes(code) || names.of(code) === undefined) continue;
      if (Intl.getCanonicalLocales(code)[0] === code) codes.push(code);
    }
  }
  const collator = new Intl.Collator('fr');
  otherCodes = codes.sort((a, b) => collator.compare(languageName(a), languageName(b)));
  return otherCodes;
};

/** The languages a new caption may take: the common ones first, none already present. */
export const addableLanguages = (present: readonly string[]) => ({
  common: commonCaptionLanguages.filter((code) => !present.includes(code)),
  others: otherLanguages().filter((code) => !present.includes(code)),
});

/** Why `file` is refused before sending, or null when it may go. */
export const captionFileProblem = (file: File): string | null =>
  file.size > captionMaxBytes ? captionMessages.tooLarge : null;

/**
 * A file that is not subtitles (400) or too large (413) gets the server's French words; any
 * other failure our message, never raw error text.
 */
export const captionFailureText = (error: unknown, fallback: string): string => {
  const status = errorStatus(error);
  return (status === 400 || status === 413) && error instanceof Error && error.message
    ? error.message
    : fallback;
};

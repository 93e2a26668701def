/**
 * Captions (issue 21): subtitle files a member attaches to a video, one per language, sent as
 * SRT or WebVTT and kept as sanitised WebVTT (text only). Plain values, for the web app too.
 */

/** A caption's language: an ISO 639-1 code in lower case ("fr", "en"). */
export const captionLanguagePattern = '^[a-z]{2}$';

/** The largest subtitle file accepted (a feature film's SRT is about 100 kB). */
export const captionMaxBytes = 1024 * 1024;

/** The multipart field of a caption's upload. */
export const captionUploadField = 'caption_upload';

/** The languages the edit page offers first (any ISO 639-1 code is accepted). */
export const commonCaptionLanguages = ['fr', 'en', 'es', 'de', 'it', 'pt', 'ar', 'zh'] as const;

const frenchNames = new Intl.DisplayNames(['fr'], { type: 'language', fallback: 'none' });

/**
 * A caption language's French name, capitalised ("Français", "Anglais"): the player's menu and
 * the HLS subtitles group say the same; the code in capitals when the runtime has no name.
 */
export const captionLanguageName = (code: string): string => {
  const name = frenchNames.of(code);
  return name ? name.charAt(0).toLocaleUpperCase('fr') + name.slice(1) : code.toUpperCase();
};

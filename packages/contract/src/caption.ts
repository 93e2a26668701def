import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common.ts';
import { captionLanguagePattern } from './captions.ts';

export const CaptionLanguage = Type.String({ pattern: captionLanguagePattern });

export const CaptionParams = Type.Object({ id: IdSchema, language: CaptionLanguage });

/** One caption of a video, as listed. */
export const Caption = Type.Object({
  language: CaptionLanguage,
  /** When its file was last sent (ISO 8601). */
  updatedAt: Type.String(),
});
export type Caption = Static<typeof Caption>;

export const CaptionList = Type.Object({ captions: Type.Array(Caption) });
export type CaptionList = Static<typeof CaptionList>;

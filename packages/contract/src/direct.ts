import { Type, type Static } from '@sinclair/typebox';
import { DateInput, Promotion, PrivacyInput } from './common.ts';
import { LineText, OptionalLineText, ParagraphsText, SearchTermParams } from './text.ts';
import { fieldLimits } from './limits.ts';

export const Direct = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  date: Type.String({ format: 'date-time' }),
  privacy: Type.Integer(),
  promotion: Type.Integer(),
  gpaRestricted: Type.Boolean(),
  liveUrl: Type.String(),
  hasPoster: Type.Boolean(),
  /** Its chat is open (issue 36): turned on by a geek. */
  chat: Type.Boolean(),
});
export type Direct = Static<typeof Direct>;

export const DirectList = Type.Object({ directs: Type.Array(Direct), nResults: Type.Integer() });
export type DirectList = Static<typeof DirectList>;

export const DirectBody = Type.Object({
  title: LineText(fieldLimits.title),
  description: Type.Optional(ParagraphsText(fieldLimits.description)),
  privacy: Type.Optional(PrivacyInput),
  gpa_restricted: Type.Optional(Type.Boolean()),
  date: Type.Optional(DateInput),
  promotion: Type.Optional(Type.Union([Promotion, Type.String({ pattern: '^-?\\d{1,4}$' })])),
  liveUrl: Type.Optional(OptionalLineText(fieldLimits.liveUrl)),
  /** The chat of the direct, on or off (off when left out at creation). */
  chat: Type.Optional(Type.Boolean()),
});
export type DirectBody = Static<typeof DirectBody>;

export const CurrentLive = Type.Object({ url: Type.String() });

/** `/directs/search/:term`: the raw term; whitespace-only answers an empty list. */
export const DirectSearchParams = SearchTermParams;

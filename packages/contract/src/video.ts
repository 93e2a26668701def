import { Type, type Static } from '@sinclair/typebox';
import { DateInput, IdSchema, OptionalIdSchema, PrivacyInput } from './common.ts';

export const Video = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  date: Type.String({ format: 'date-time' }),
  promotion: Type.Integer(),
  views: Type.Integer(),
  likeCount: Type.Integer(),
  privacy: Type.Integer(),
  gpaRestricted: Type.Boolean(),
  processing: Type.Integer(),
  directId: Type.Integer(),
  tagIds: Type.Array(Type.Integer()),
  authorId: Type.Integer(),
  /** Members only: 0-100 while encoding, null otherwise. */
  encodingProgress: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** Members only: why the last encode failed. */
  encodingError: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Members only: rungs written by the last encode. */
  rungs: Type.Optional(Type.Array(Type.Integer())),
});
export type Video = Static<typeof Video>;

export const VideoList = Type.Object({ videos: Type.Array(Video), nResults: Type.Integer() });
export type VideoList = Static<typeof VideoList>;

const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
/** promotion and directId come as strings from the add form ("-1" = none); numbers are accepted too. */
const IntegerLike = (schema: typeof OptionalIdSchema) =>
  Type.Union([schema, Type.String({ pattern: '^-?\\d{1,10}$' })]);

export const NewVideoBody = Type.Object({
  title: Title,
  description: Type.Optional(Type.String({ maxLength: 10000 })),
  privacy: Type.Optional(PrivacyInput),
  gpa_restricted: Type.Optional(Type.Boolean()),
  date: Type.Optional(DateInput),
  promotion: Type.Optional(IntegerLike(OptionalIdSchema)),
  directId: Type.Optional(IntegerLike(OptionalIdSchema)),
  direct_id: Type.Optional(IntegerLike(OptionalIdSchema)),
  tagIds: Type.Optional(Type.Array(IdSchema, { maxItems: 50 })),
});
export type NewVideoBody = Static<typeof NewVideoBody>;

export const UpdateVideoBody = NewVideoBody;
export type UpdateVideoBody = NewVideoBody;

export const LikeState = Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() });
export type LikeState = Static<typeof LikeState>;

import { Type, type Static } from '@sinclair/typebox';
import {
  DateInput,
  IdSchema,
  OptionalIdSchema,
  PrivacyInput,
  Promotion,
  VideoPagingQuery,
} from './common.ts';
import { encodingWaitReasons } from './enums.ts';
import { LineText, ParagraphsText, SearchTermParams } from './text.ts';
import { fieldLimits } from './limits.ts';

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
  /**
   * Members only, at processing 2: why the encode has not started yet ('disk': waiting for free
   * disk space, it starts by itself once there is room); null while it is queued or runs.
   */
  encodingWait: Type.Optional(
    Type.Union([...encodingWaitReasons.map((reason) => Type.Literal(reason)), Type.Null()]),
  ),
  /** Encoded resolutions on disk (1080, 720, 480, 240); the raw upload (0) is for members only. */
  rungs: Type.Array(Type.Integer()),
  /**
   * The version of its renditions, storyboard and captions (a cut, « Montage », makes a new
   * one): media URLs name it (`?v=`), so that a cut never changes what a URL answers.
   */
  mediaVersion: Type.Integer(),
  /** Its 'A la une' slot (1-5), or null: the slot editors show each slot, empty ones included. */
  trendingSlot: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type Video = Static<typeof Video>;

export const VideoList = Type.Object({ videos: Type.Array(Video), nResults: Type.Integer() });
export type VideoList = Static<typeof VideoList>;

/** promotion and directId come as strings from the add form ("-1" = none); numbers are accepted too. */
const IntegerLike = (schema: typeof OptionalIdSchema, digits: number) =>
  Type.Union([schema, Type.String({ pattern: `^-?\\d{1,${digits}}$` })]);

export const NewVideoBody = Type.Object({
  title: LineText(fieldLimits.title),
  description: Type.Optional(ParagraphsText(fieldLimits.description)),
  privacy: Type.Optional(PrivacyInput),
  gpa_restricted: Type.Optional(Type.Boolean()),
  date: Type.Optional(DateInput),
  promotion: Type.Optional(IntegerLike(Promotion, 4)),
  directId: Type.Optional(IntegerLike(OptionalIdSchema, 10)),
  direct_id: Type.Optional(IntegerLike(OptionalIdSchema, 10)),
  tagIds: Type.Optional(Type.Array(IdSchema, { maxItems: fieldLimits.videoTags })),
});
export type NewVideoBody = Static<typeof NewVideoBody>;

export const UpdateVideoBody = NewVideoBody;
export type UpdateVideoBody = NewVideoBody;

export const LikeState = Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() });
export type LikeState = Static<typeof LikeState>;

/** `/videos/like/:videoId`, `/videos/history/:videoId`. */
export const VideoIdParams = Type.Object({ videoId: IdSchema });
export type VideoIdParams = Static<typeof VideoIdParams>;

/** `PUT /videos/trending/:slot/:videoId`: slot 1-5, a video id or -1 to clear the slot. */
export const TrendingSlotParams = Type.Object({
  slot: Type.Integer({ minimum: 1, maximum: 5 }),
  videoId: Type.Union([Type.Literal(-1), IdSchema]),
});
export type TrendingSlotParams = Static<typeof TrendingSlotParams>;

/** `/videos/search/:term`: the raw term; whitespace-only answers an empty list. */
export const VideoSearchParams = SearchTermParams;

/** Paging plus `excluded_video` (the video being watched), for random and direct lists. */
export const ExcludingPagingQuery = Type.Object(
  {
    ...VideoPagingQuery.properties,
    excluded_video: Type.Optional(OptionalIdSchema),
  },
  { additionalProperties: true },
);
export type ExcludingPagingQuery = Static<typeof ExcludingPagingQuery>;

/** `PUT /videos/history/:videoId`: the video's view count after this view. */
export const ViewCount = Type.Object({ views: Type.Integer() });
export type ViewCount = Static<typeof ViewCount>;

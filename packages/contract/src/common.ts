import { Type, type Static } from '@sinclair/typebox';
import { TextPattern } from './text.ts';
import { fieldLimits, PROMOTION_MAX } from './limits.ts';

/** Database ids are PostgreSQL integers: anything outside their range is a bad id, not a 500. */
export const IdSchema = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** An id where -1 means "none" (directId, trending slot, current direct). */
export const OptionalIdSchema = Type.Integer({ minimum: -1, maximum: 2147483647 });

export const IdParams = Type.Object({ id: IdSchema });
export type IdParams = Static<typeof IdParams>;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_VIDEO_PAGE_SIZE = 48;
export const DEFAULT_DIRECT_PAGE_SIZE = 32;
export const DEFAULT_PLAYLIST_PAGE_SIZE = 48;

export const makePagingQuery = (defaultPageSize: number) =>
  Type.Object(
    {
      page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
      page_size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultPageSize }),
      tag_filter: Type.Optional(Type.Array(IdSchema, { maxItems: fieldLimits.tagFilter })),
    },
    { additionalProperties: true },
  );
export const VideoPagingQuery = makePagingQuery(DEFAULT_VIDEO_PAGE_SIZE);
export type PagingQuery = Static<typeof VideoPagingQuery>;
export const DirectPagingQuery = makePagingQuery(DEFAULT_DIRECT_PAGE_SIZE);
export const PlaylistPagingQuery = makePagingQuery(DEFAULT_PLAYLIST_PAGE_SIZE);

/** Every error answer: `{ statusCode, error, message }`, message in French. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const OkBody = Type.Object({ ok: Type.Boolean() });

/**
 * A day or an instant: "2026-11-21" or "2026-11-21T18:00:00Z", of the years 1900 to 2999 (a
 * school's events; PostgreSQL and JavaScript dates both hold them with room to spare).
 */
export const DateInput = Type.String({
  pattern: TextPattern.date,
  description: 'ISO 8601 date or date-time, years 1900 to 2999',
});
export const Promotion = Type.Integer({ minimum: -1, maximum: PROMOTION_MAX });
export const PrivacyInput = Type.Integer({ minimum: 0, maximum: 3 });

/** The error answers an API route may give, documented in OpenAPI. */
export const ErrorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
};

import { Type } from '@fastify/type-provider-typebox';
import { ErrorBody, ErrorResponses } from '@plateau/contract';

/**
 * What the media routes (`/media/...`: files, HLS playlists, captions, storyboards, live) accept
 * and answer besides their own parameters, in one place so that every route says it alike.
 */

/**
 * A player that cannot send a header (`<video>`, `<track>`, Safari's native HLS) carries the
 * token in the query string: the routes declaring this also set `config: { tokenInQuery: true }`.
 */
export const TokenQuery = Type.Object({
  token: Type.Optional(Type.String({ description: 'Jeton, pour les lecteurs sans en-tête' })),
});

/**
 * The error answers of a served file: the common ones, plus 412 (If-Match or
 * If-Unmodified-Since no longer holds: the file changed) and 416 (a range out of the file).
 */
export const servedFileErrors = { ...ErrorResponses, 412: ErrorBody, 416: ErrorBody };

/**
 * The error answers of a file served from the media storage: also 503, the storage is down (a
 * bucket that does not answer).
 */
export const storedFileErrors = { ...servedFileErrors, 503: ErrorBody };

/**
 * A live HLS variant's folder: `source` (the copy of what the encoder sends) or an encoded
 * height (`480p`), as `variantNames` (live-args.ts) names them.
 */
export const liveVariantPattern = '^(source|\\d{3,4}p)$';
const liveVariant = new RegExp(liveVariantPattern);
export const isLiveVariant = (name: string) => liveVariant.test(name);
export const LiveVariant = Type.String({ pattern: liveVariantPattern });

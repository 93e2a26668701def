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
 * A video's media files and playlists also take `v`, the version of its media (a cut, issue 34,
 * publishes a new one beside the one watched): a manifest names the version its byte ranges are
 * of, the web app the version it was told, so that a cut never changes what a URL answers.
 */
export const MediaQuery = Type.Object({
  ...TokenQuery.properties,
  v: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Version des médias' }),
  ),
});

/** The query string of a URI a manifest or track lists: its version, then the token if any. */
export const mediaQueryString = ({ token, version }: { token?: string; version?: number }) => {
  const parts = [
    ...(version === undefined ? [] : [`v=${version}`]),
    ...(token === undefined ? [] : [`token=${encodeURIComponent(token)}`]),
  ];
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
};

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

import type { MediaStorageSettings } from '../config/s3-settings.ts';

/**
 * The origin a browser is sent to with S3_DELIVERY=redirect (the presigned URLs' scheme and
 * host), or null when media never leave through Plateau's own origin. The page's Content
 * Security Policy must let the player read from it: hls.js and thumbnails fetch (connect-src),
 * a fixed rung plays from it (media-src), storyboard sprites and posters show from it (img-src).
 */
export const redirectStoreOrigin = (settings: MediaStorageSettings): string | null => {
  if (settings.kind !== 's3' || settings.s3.delivery !== 'redirect') return null;
  const { endpoint, bucket, forcePathStyle } = settings.s3;
  const url = new URL(endpoint);
  // Virtual-hosted addressing puts the bucket in the host name (bucket.s3.example.com).
  return forcePathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`;
};

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestContext } from '../../test/harness.ts';
import { bucketKeys } from '../../test/stored-media.ts';

const b64 = (value: string) => Buffer.from(value).toString('base64');

/** An `Upload-Metadata` header from plain values. */
export const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

export const TUS = { 'tus-resumable': '1.0.0' };

/** A tus creation through inject; answers the response (Location on success). */
export const createUpload = (
  ctx: TestContext,
  auth: Record<string, string>,
  {
    length,
    videoId,
    kind = 'video',
    url = '/api/uploads',
    headers = {},
  }: {
    length: number;
    videoId: number;
    kind?: string;
    url?: string;
    headers?: Record<string, string>;
  },
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      ...TUS,
      ...auth,
      ...headers,
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ videoId: String(videoId), kind, filename: 'soirée.mp4' }),
    },
  });

/** A tus PATCH of `bytes` at `offset`. */
export const patchUpload = (
  ctx: TestContext,
  auth: Record<string, string>,
  location: string,
  offset: number,
  bytes: Buffer,
) =>
  ctx.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      ...auth,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });

export const headUpload = (ctx: TestContext, auth: Record<string, string>, location: string) =>
  ctx.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...auth } });

/**
 * What the unfinished uploads' store keeps, by name: the local folder's files (`<id>`,
 * `<id>.json`, `<id>.finished`) or the bucket's objects under `uploads/` (`<id>.info`,
 * `<id>.part`, `<id>`, `<id>.finished`).
 */
export const resumableFiles = async (ctx: Pick<TestContext, 'config'>): Promise<string[]> => {
  if (ctx.config.mediaStorage.kind === 's3') {
    return (await bucketKeys(ctx.config, 'uploads/')).map((key) => key.slice('uploads/'.length));
  }
  return readdir(path.join(ctx.config.mediaDir, '.uploads')).catch(() => []);
};

/** The headers of a tus PATCH at `offset`. */
export const tusPatchHeaders = (auth: Record<string, string>, offset: number) => ({
  ...TUS,
  ...auth,
  'upload-offset': String(offset),
  'content-type': 'application/offset+octet-stream',
});

/** Over HTTP, on a real process: a new pending video titled `title`; answers its id. */
export const newVideoOver = async (api: string, auth: Record<string, string>, title: string) => {
  const answer = await fetch(`${api}/videos`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  return ((await answer.json()) as { id: number }).id;
};

/** Over HTTP: a tus creation for the video file of `videoId` (Location on success). */
export const createUploadOver = (
  api: string,
  auth: Record<string, string>,
  { length, videoId }: { length: number; videoId: number },
) =>
  fetch(`${api}/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      ...auth,
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ videoId: String(videoId), kind: 'video' }),
    },
  });

/**
 * Over HTTP, on two real processes of one site: an upload of `source` for `videoId` created and
 * half sent through `first`, its offset read and the rest sent through `second`. Answers the
 * statuses a person's client would have seen, for the caller to check.
 */
export const uploadAcrossInstances = async (
  [first, second]: [string, string],
  auth: Record<string, string>,
  { source, videoId }: { source: Buffer<ArrayBuffer>; videoId: number },
) => {
  const created = await createUploadOver(first, auth, { length: source.length, videoId });
  const upload = created.headers.get('location')?.split('/').pop();
  const half = Math.floor(source.length / 2);
  const patch = (api: string, from: number, to: number) =>
    fetch(`${api}/uploads/${upload}`, {
      method: 'PATCH',
      headers: tusPatchHeaders(auth, from),
      body: source.subarray(from, to),
    });
  const firstHalf = (await patch(first, 0, half)).status;
  const resumed = await fetch(`${second}/uploads/${upload}`, {
    method: 'HEAD',
    headers: { ...TUS, ...auth },
  });
  const secondHalf = (await patch(second, half, source.length)).status;
  return {
    created: created.status,
    firstHalf,
    offsetSeen: Number(resumed.headers.get('upload-offset')),
    secondHalf,
  };
};

/** What `uploadAcrossInstances` answers when both instances serve the upload as one. */
export const resumedAcross = (source: Buffer) => ({
  created: 201,
  firstHalf: 204,
  offsetSeen: Math.floor(source.length / 2),
  secondHalf: 204,
});

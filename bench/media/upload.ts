import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Sends a `bytes`-long video_upload as multipart, generated on the fly from one 1 MiB block
 * (nothing of it is kept here). The server writes it to a temporary file, finds no MP4 in it
 * and answers 400, deleting the file: the whole upload is in flight, then gone.
 */
/** 1 MiB of random bytes repeated into `bytes` (nothing of it is kept here). */
async function* generated(bytes: number, head?: Buffer, tail?: Buffer) {
  const block = randomBytes(1024 * 1024);
  if (head) yield head;
  for (let sent = 0; sent < bytes; sent += block.length) {
    yield block.subarray(0, Math.min(block.length, bytes - sent));
  }
  if (tail) yield tail;
}

export interface SentUpload {
  statusCode: number;
  seconds: number;
}

/** Streams `body` to `url` and waits for the whole answer; times the request. */
const send = (
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body: AsyncIterable<Buffer>,
): Promise<SentUpload> => {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers });
    req.once('response', (response) => {
      response.resume();
      response.once('end', () =>
        resolve({
          statusCode: response.statusCode!,
          seconds: (performance.now() - started) / 1000,
        }),
      );
    });
    req.once('error', reject);
    pipeline(Readable.from(body), req).catch(reject);
  });
};

/**
 * Sends a `bytes`-long video_upload as multipart, generated on the fly. The server writes it
 * to a temporary file, finds no MP4 in it and answers 400, deleting the file: the whole upload
 * is in flight, then gone.
 */
export const uploadGenerated = (
  origin: string,
  videoId: number,
  token: string,
  bytes: number,
): Promise<SentUpload> => {
  const boundary = `----plateau-bench-${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video_upload"; filename="gros.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return send(
    `${origin}/api/media/video/${videoId}`,
    'POST',
    {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + bytes + tail.length,
    },
    generated(bytes, head, tail),
  );
};

/**
 * The same bytes through tus as tus-js-client sends them by default (one creation, then one
 * PATCH of the whole file): the server finds no MP4 at the end, answers 400 and deletes it.
 */
export const uploadResumableGenerated = async (
  origin: string,
  videoId: number,
  token: string,
  bytes: number,
): Promise<SentUpload> => {
  const started = performance.now();
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const created = await fetch(`${origin}/api/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes),
      'upload-metadata': `videoId ${b64(String(videoId))},kind ${b64('video')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus creation: ${created.status}`);
  const patched = await send(
    `${origin}${created.headers.get('location')}`,
    'PATCH',
    {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': bytes,
    },
    generated(bytes),
  );
  return { ...patched, seconds: (performance.now() - started) / 1000 };
};

/** The same bytes PUT to nginx's WebDAV module, which writes them to a file. */
export const putGenerated = (url: string, bytes: number): Promise<SentUpload> =>
  send(url, 'PUT', { 'content-length': bytes }, generated(bytes));

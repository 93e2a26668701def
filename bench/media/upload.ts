import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Sends a `bytes`-long video_upload as multipart, generated on the fly from one 1 MiB block
 * (nothing of it is kept here). The server writes it to a temporary file, finds no MP4 in it
 * and answers 400, deleting the file: the whole upload is in flight, then gone.
 */
export const uploadGenerated = async (
  origin: string,
  videoId: number,
  token: string,
  bytes: number,
): Promise<{ statusCode: number; seconds: number }> => {
  const boundary = `----plateau-bench-${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video_upload"; filename="gros.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = randomBytes(1024 * 1024);
  async function* body() {
    yield head;
    for (let sent = 0; sent < bytes; sent += block.length) {
      yield block.subarray(0, Math.min(block.length, bytes - sent));
    }
    yield tail;
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/api/media/video/${videoId}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + bytes + tail.length,
      },
    });
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
    pipeline(Readable.from(body()), req).catch(reject);
  });
};

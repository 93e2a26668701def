import { randomBytes } from 'node:crypto';
import { ReadStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import send, { type SendResult } from '@fastify/send';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createBufferPool } from '../lib/buffer-pool.ts';
import { createOpenFiles } from '../storage/open-files.ts';
import { testTmpDir } from '../test/test-env.ts';
import { FileRangeStream } from './file-range-stream.ts';
import { answerAsHead, mediaSendOptions } from './media-send.ts';

/**
 * The streaming path goes past the documented use of two libraries, for 1.3-1.6x less CPU
 * per byte (bench/README.md, "Documented APIs or today's path"). These tests pin exactly
 * what it relies on, so that an upgrade changing it fails here, saying what changed, instead of
 * quietly costing speed or descriptors. If one fails: adapt media-send.ts or
 * file-range-stream.ts, or go back to `reply.send(result.stream)` and measure again.
 */
mkdirSync(testTmpDir, { recursive: true });
const root = mkdtempSync(path.join(testTmpDir, 'send-internals-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const content = randomBytes(1000);
await writeFile(path.join(root, 'media'), content);
const options = mediaSendOptions(root);
const stat = statSync(path.join(root, 'media'));
const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
};

describe('@fastify/send asked as for a HEAD request (media-send answerAsHead)', () => {
  it('reads nothing of the request but its method and headers', async () => {
    const read = new Set<string>();
    const request = new Proxy(
      { method: 'HEAD', headers: { range: 'bytes=1-2', 'if-none-match': '"x"' } },
      {
        get(target, property, receiver) {
          if (typeof property === 'string') read.add(property);
          return Reflect.get(target, property, receiver) as unknown;
        },
      },
    );
    const result = await send(request as never, '/media', options);
    result.stream.destroy();
    expect(
      [...read].filter((property) => property !== 'method' && property !== 'headers'),
      '@fastify/send now reads more of the request than method and headers: answerAsHead passes only those',
    ).toEqual([]);
  });

  const asFile = (result: SendResult) => {
    if (result.type !== 'file') throw new Error(`${result.statusCode}, not a file's answer`);
    return result;
  };
  const message =
    '@fastify/send answers a HEAD unlike a GET now: media-send decides the GET from it';
  const opensNothing =
    '@fastify/send opens the file for a HEAD now: every range would open and close it again';
  const answers = async (headers: Record<string, string>) => {
    const get = await send({ method: 'GET', headers } as never, '/media', options);
    const head = await answerAsHead(headers, 'media', options);
    const shape = ({ statusCode, headers, type }: SendResult) => ({ statusCode, headers, type });
    expect(shape(head), message).toEqual(shape(get));
    expect(head.stream, opensNothing).not.toBeInstanceOf(ReadStream);
    return { get, head };
  };

  it.each<[string, Record<string, string>]>([
    ['whole file', {}],
    ['one range', { range: 'bytes=10-19' }],
    ['open range', { range: 'bytes=990-' }],
    ['suffix', { range: 'bytes=-5' }],
    ['two ranges (answered whole)', { range: 'bytes=0-1,5-6' }],
    ['If-Range, same ETag', { range: 'bytes=5-9', 'if-range': etag }],
    ['If-Range, another ETag', { range: 'bytes=5-9', 'if-range': '"ancien"' }],
  ])('answers as to a GET, from a stat, opening nothing: %s', async (_, headers) => {
    const { get, head } = await answers(headers);
    expect(await bytesOf(head.stream)).toEqual(Buffer.alloc(0));
    const { dev, ino, size, mtimeMs } = asFile(head).metadata.stat;
    expect({ dev, ino, size, mtimeMs }, 'metadata.stat is what storage leaseFile checks').toEqual({
      dev: stat.dev,
      ino: stat.ino,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
    });
    // media-send reads the body's first byte and length from these two headers, as spelt here.
    const length = Number(head.headers['Content-Length']);
    const range = (head.headers['Content-Range'] as string | undefined) ?? 'bytes 0-';
    const start = Number(/^bytes (\d+)-/.exec(range)![1]);
    expect(await bytesOf(asFile(get).stream)).toEqual(content.subarray(start, start + length));
  });

  it.each<[string, Record<string, string>, number]>([
    ['past the end', { range: 'bytes=1000-' }, 416],
    ['If-Match, another ETag', { 'if-match': '"autre"' }, 412],
    ['If-None-Match, same ETag', { 'if-none-match': etag }, 304],
  ])('refuses or answers without a body as to a GET: %s', async (_, headers, statusCode) => {
    const { get, head } = await answers(headers);
    expect(head.statusCode).toBe(statusCode);
    // Their small documents (416, 412) are not read: media-send answers its own JSON.
    head.stream.destroy();
    get.stream.destroy();
  });
});

describe('Fastify sending a stream payload (file-range-stream)', () => {
  it('calls its pipe with the response: the range goes through the reused buffers', async () => {
    const files = createOpenFiles();
    const pool = createBufferPool({ size: 64, maxFree: 4 });
    const app = Fastify();
    app.get('/', async (_request, reply) => {
      const lease = await files.lease(path.join(root, 'media'), stat);
      reply.header('content-length', 500);
      return reply.send(new FileRangeStream(lease!, 100, 500, pool));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(content.subarray(100, 600));
      // Read through `_read` instead, the stream never takes a buffer from the pool.
      expect(
        pool.free,
        'Fastify no longer sends a stream with payload.pipe(reply.raw): media ranges fall back to fresh buffers, 1.3-1.6x the CPU per byte',
      ).toBeGreaterThan(0);
      expect([pool.out, files.counts().leased]).toEqual([0, 0]);
    } finally {
      await app.close();
    }
  });
});

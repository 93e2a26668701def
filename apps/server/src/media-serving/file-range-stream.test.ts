import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createBufferPool } from '../lib/buffer-pool.ts';
import { createOpenFiles } from '../storage/open-files.ts';
import { testTmpDir } from '../test/test-env.ts';
import { FileRangeStream } from './file-range-stream.ts';

mkdirSync(testTmpDir, { recursive: true });
const dir = mkdtempSync(path.join(testTmpDir, 'range-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHUNK = 64 * 1024;
const content = randomBytes(5 * CHUNK + 77);
const file = path.join(dir, 'media');
await writeFile(file, content);

/**
 * A socket that lets go of each chunk `delayMs` later, copying it only then: a buffer reused
 * before its write callback would show up as wrong bytes.
 */
class SlowSink extends Writable {
  chunks: Buffer[] = [];
  constructor(private delayMs: number) {
    super({ highWaterMark: 1 });
  }
  override _write(chunk: Buffer, _encoding: string, callback: () => void) {
    setTimeout(() => {
      this.chunks.push(Buffer.from(chunk));
      callback();
    }, this.delayMs);
  }
}

const setup = async () => {
  const files = createOpenFiles();
  const pool = createBufferPool({ size: CHUNK, maxFree: 4 });
  const lease = await files.lease(file, statSync(file));
  return { files, pool, lease: lease! };
};

describe('a file range stream', () => {
  it('writes exactly the range through two reused buffers, then releases both and the lease', async () => {
    const { files, pool, lease } = await setup();
    const [start, length] = [CHUNK - 5, 3 * CHUNK + 10];
    const sink = new SlowSink(2);
    const stream = new FileRangeStream(lease, start, length, pool);
    stream.pipe(sink);
    expect(pool.out).toBeLessThanOrEqual(2);
    await finished(sink);
    expect(Buffer.concat(sink.chunks).equals(content.subarray(start, start + length))).toBe(true);
    expect(sink.chunks.length).toBe(4);
    await vi.waitFor(() => expect(pool.out).toBe(0));
    expect(files.counts().leased).toBe(0);
    // The stream's own end, which Fastify waits for.
    await finished(stream);
  });

  it('ends the file with its last byte, and an empty range at once', async () => {
    const { pool, lease } = await setup();
    const sink = new SlowSink(0);
    new FileRangeStream(lease, content.length - 1, 1, pool).pipe(sink);
    await finished(sink);
    expect(Buffer.concat(sink.chunks).equals(content.subarray(-1))).toBe(true);
    const { files, lease: other } = await setup();
    const empty = new SlowSink(0);
    new FileRangeStream(other, 0, 0, pool).pipe(empty);
    await finished(empty);
    expect(empty.chunks).toEqual([]);
    expect(files.counts().leased).toBe(0);
  });

  it('read without pipe gives the same bytes', async () => {
    const { files, pool, lease } = await setup();
    const parts: Buffer[] = [];
    for await (const part of new FileRangeStream(lease, 3, content.length - 3, pool)) {
      parts.push(part as Buffer);
    }
    expect(Buffer.concat(parts).equals(content.subarray(3))).toBe(true);
    expect(files.counts().leased).toBe(0);
  });

  it('destroyed mid-way (a client gone) releases the lease and reads no further', async () => {
    const { files, pool, lease } = await setup();
    const takes = vi.spyOn(pool, 'take');
    // A socket that never finishes a write until told: the stream is stuck with both buffers.
    const held: (() => void)[] = [];
    let written = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        held.push(callback);
      },
    });
    const stream = new FileRangeStream(lease, 0, content.length, pool);
    stream.pipe(sink);
    await vi.waitFor(() => expect(pool.out).toBe(2));
    stream.destroy();
    expect(files.counts().leased).toBe(0);
    // Both buffers come back once the socket lets go of them, not before.
    expect(pool.out).toBe(2);
    while (held.length > 0) held.shift()!();
    await vi.waitFor(() => expect(pool.out).toBe(0));
    // A further read needs a buffer: a third one from the pool, or one of these two kept back
    // (then `out` would not have come down to 0). Neither happened, so none can be under way.
    expect(takes).toHaveBeenCalledTimes(2);
    expect(written).toBe(2 * CHUNK);
  });

  it('a file cut short under it fails the stream and still releases the lease', async () => {
    const cut = path.join(dir, 'cut');
    await writeFile(cut, content);
    const files = createOpenFiles();
    const lease = await files.lease(cut, statSync(cut));
    await truncate(cut, CHUNK);
    const stream = new FileRangeStream(
      lease!,
      0,
      content.length,
      createBufferPool({ size: CHUNK, maxFree: 4 }),
    );
    stream.pipe(new SlowSink(0));
    await expect(finished(stream)).rejects.toThrow('media file shorter than its stat said');
    expect(files.counts().leased).toBe(0);
  });
});

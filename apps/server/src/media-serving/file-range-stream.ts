import { read } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import type { BufferPool } from '../lib/buffer-pool.ts';
import type { FileLease } from '../storage/open-files.ts';

/** Two per response: one being read from the file while the other is written. */
const BUFFERS_PER_STREAM = 2;

/**
 * `length` bytes of a leased descriptor from `start`. Piped (as Fastify sends a stream), it
 * writes to the response itself with write callbacks: a buffer is read into again only once
 * the socket has let go of it, and the next chunk is read while the previous one is written.
 * Read any other way, it reads into fresh buffers. The lease is released after the last read,
 * on error and on destroy (a client gone), never while a read is under way.
 *
 * Overriding `pipe` is not a documented way to feed Fastify: it works because Fastify 5 sends a
 * stream payload with `payload.pipe(reply.raw)`. It is kept for the buffers it lets us reuse
 * (the write callbacks say when the socket let go of one): 1.3-1.6x less CPU per byte than a
 * plain `_read` stream (bench/README.md, "Documented APIs or today's path"). Should Fastify stop
 * calling `pipe`, playback still works (through `_read`), only slower, and
 * `media-send-internals.test.ts` fails saying so.
 */
export class FileRangeStream extends Readable {
  #lease: FileLease | null;
  #position: number;
  #remaining: number;
  #pool: BufferPool;
  #reading = false;
  #mode: 'none' | 'pipe' | 'read' = 'none';
  #dest: Writable | null = null;
  #endDest = true;
  #spare: Buffer[] = [];
  #taken = 0;

  constructor(lease: FileLease, start: number, length: number, pool: BufferPool) {
    super();
    this.#lease = lease;
    this.#position = start;
    this.#remaining = length;
    this.#pool = pool;
  }

  override pipe<T extends NodeJS.WritableStream>(dest: T, options?: { end?: boolean }): T {
    if (this.#mode !== 'none') return super.pipe(dest, options);
    this.#mode = 'pipe';
    this.#dest = dest as unknown as Writable;
    this.#endDest = options?.end !== false;
    if (this.#remaining === 0) this.#finish();
    else this.#next();
    return dest;
  }

  override _read(): void {
    if (this.#mode === 'pipe') return;
    this.#mode = 'read';
    const length = Math.min(this.#pool.size, this.#remaining);
    if (length === 0) {
      this.push(null);
      return;
    }
    this.#readChunk(Buffer.allocUnsafe(length), length, (bytes, buffer) => {
      this.push(buffer.subarray(0, bytes));
      if (this.#remaining === 0) this.push(null);
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    for (const buffer of this.#spare.splice(0)) this.#giveBack(buffer);
    // A read under way still uses the descriptor: released when it returns.
    if (!this.#reading) this.#release();
    callback(error);
  }

  #release() {
    this.#lease?.release();
    this.#lease = null;
  }

  #giveBack(buffer: Buffer) {
    this.#taken -= 1;
    this.#pool.give(buffer);
  }

  /** Reads the next chunk; `then` gets it unless the stream was destroyed meanwhile. */
  #readChunk(buffer: Buffer, length: number, then: (bytes: number, buffer: Buffer) => void) {
    this.#reading = true;
    read(this.#lease!.fd, buffer, 0, length, this.#position, (error, bytes) => {
      this.#reading = false;
      if (this.destroyed) {
        this.#release();
        if (this.#mode === 'pipe') this.#giveBack(buffer);
        return;
      }
      if (error || bytes === 0) {
        if (this.#mode === 'pipe') this.#giveBack(buffer);
        // Headers promised more bytes: Fastify logs this and cuts the connection.
        this.destroy(error ?? new Error('media file shorter than its stat said'));
        return;
      }
      this.#position += bytes;
      this.#remaining -= bytes;
      if (this.#remaining === 0) this.#release();
      then(bytes, buffer);
    });
  }

  #next() {
    if (this.#reading || this.destroyed || this.#remaining === 0) return;
    let buffer = this.#spare.pop();
    if (!buffer) {
      if (this.#taken === BUFFERS_PER_STREAM) return;
      buffer = this.#pool.take();
      this.#taken += 1;
    }
    this.#readChunk(buffer, Math.min(buffer.length, this.#remaining), (bytes, filled) =>
      this.#write(bytes, filled),
    );
  }

  #write(bytes: number, buffer: Buffer) {
    const dest = this.#dest!;
    // The callback comes once the socket is done with the bytes, or never when it was
    // destroyed first (the buffer is then left to the garbage collector).
    dest.write(buffer.subarray(0, bytes), () => {
      if (this.destroyed || this.#remaining === 0) this.#giveBack(buffer);
      else {
        this.#spare.push(buffer);
        this.#next();
      }
    });
    if (this.#remaining > 0) this.#next();
    else this.#finish();
  }

  #finish() {
    this.#release();
    if (this.#endDest) this.#dest!.end();
    // Ends the readable side, which nothing reads: Fastify waits for its 'end'.
    this.push(null);
    this.resume();
  }
}

/**
 * Same-sized buffers handed back once nothing holds them: a fresh megabyte per media chunk was
 * most of the server's garbage, and its collections, under range load. Keeps at most `maxFree`
 * spare ones; those not needed for a whole `trimMs` are let go, so an idle server does not
 * keep the memory of its last burst.
 */
export interface BufferPool {
  readonly size: number;
  /** A buffer of `size` bytes holding old bytes: send only what was written into it. */
  take(): Buffer;
  give(buffer: Buffer): void;
  /** Buffers taken and not given back (one never given back is left to the collector). */
  readonly out: number;
  readonly free: number;
}

export const createBufferPool = ({
  size,
  maxFree,
  trimMs = 10_000,
}: {
  size: number;
  maxFree: number;
  trimMs?: number;
}): BufferPool => {
  const spare: Buffer[] = [];
  let out = 0;
  /** The fewest spare buffers since the last trim: that many were not needed meanwhile. */
  let fewest = 0;
  let trimmer: NodeJS.Timeout | undefined;
  const trim = () => {
    spare.splice(0, fewest);
    fewest = spare.length;
    if (spare.length === 0) {
      clearInterval(trimmer);
      trimmer = undefined;
    }
  };
  return {
    size,
    take() {
      out += 1;
      const buffer = spare.pop();
      fewest = Math.min(fewest, spare.length);
      // Slow: a buffer of its own, not a slice of Node's shared pool.
      return buffer ?? Buffer.allocUnsafeSlow(size);
    },
    give(buffer) {
      out -= 1;
      if (spare.length >= maxFree) return;
      spare.push(buffer);
      trimmer ??= setInterval(trim, trimMs).unref();
    },
    get out() {
      return out;
    },
    get free() {
      return spare.length;
    },
  };
};

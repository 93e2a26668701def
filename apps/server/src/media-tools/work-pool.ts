/**
 * A bound on how many pieces of work run at once (ffmpeg processes, for a cut's edges): each task
 * starts as soon as a slot is free, those waiting by rank (lower first), then in the order they
 * were handed in. One pool can be shared by several callers (every rung of a cut), so that
 * together they never exceed it.
 */
export interface WorkPool {
  readonly size: number;
  run<T>(task: () => Promise<T>, rank?: number): Promise<T>;
}

export const createWorkPool = (size: number): WorkPool => {
  const slots = Math.max(1, Math.floor(size));
  const waiting: { rank: number; start: () => void }[] = [];
  let running = 0;
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next.start();
    }
  };
  return {
    size: slots,
    run: async <T>(task: () => Promise<T>, rank = 0): Promise<T> => {
      if (running < slots) running += 1;
      else {
        await new Promise<void>((start) => {
          // After every waiting task of the same or a lower rank.
          const at = waiting.findIndex((other) => other.rank > rank);
          waiting.splice(at < 0 ? waiting.length : at, 0, { rank, start });
        });
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
};

/**
 * Waits for every promise to settle, then gives their values, or throws the first failure (in
 * the order given): unlike `Promise.all`, nothing is still running when the caller cleans up.
 */
export const settleAll = async <T>(promises: Promise<T>[]): Promise<T[]> => {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
};

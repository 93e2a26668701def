/** Paces copies at `bytesPerSecond` on average (0: no limit), so viewers keep their bandwidth. */
export interface Pacer {
  pace(bytes: number, signal?: AbortSignal): Promise<void>;
}

/** Waits `ms`; rejects with the signal's reason once it aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });

/** Credit a pause leaves (a grace, a skipped folder) is kept this long at most: no long bursts. */
const PACER_BURST_MS = 1000;

export const createPacer = (bytesPerSecond: number): Pacer => {
  let started = Date.now();
  let sent = 0;
  return {
    async pace(bytes, signal) {
      if (bytesPerSecond <= 0) return;
      sent += bytes;
      const due = started + (sent / bytesPerSecond) * 1000;
      const now = Date.now();
      if (due < now - PACER_BURST_MS) {
        started = now - PACER_BURST_MS;
        sent = bytes;
      } else if (due > now) await sleep(due - now, signal);
    },
  };
};

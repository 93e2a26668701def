import { monotonicClock, type Clock } from './ttl-cache.ts';

/**
 * A costly reading (a walk of the media disk) kept for `maxAgeMs`: past that, the next read
 * still answers the kept value at once and starts one new reading behind it, so no scrape
 * ever waits for a walk but the first, and two never run together.
 */
export const staleWhileRefreshing = <T>(
  measure: () => Promise<T>,
  { maxAgeMs, clock = monotonicClock }: { maxAgeMs: number; clock?: Clock },
) => {
  let kept: { value: T; at: number } | undefined;
  let running: Promise<T> | undefined;
  const refresh = (): Promise<T> =>
    (running ??= measure()
      .then((value) => {
        kept = { value, at: clock() };
        return value;
      })
      .finally(() => {
        running = undefined;
      }));
  return {
    async read(): Promise<T> {
      if (!kept) return refresh();
      // A failed refresh keeps the last value; the next read past the age tries again.
      if (clock() - kept.at >= maxAgeMs) refresh().catch(() => undefined);
      return kept.value;
    },
  };
};

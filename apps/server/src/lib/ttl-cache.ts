/** Milliseconds on a clock that only moves forward; tests pass one they move by hand. */
export type Clock = () => number;

export const monotonicClock: Clock = () => performance.now();

export interface TtlCache<V> {
  get(key: string): V | undefined;
  /** Keeps `value` for the cache's TTL, or until `expiresAt` (same clock) when sooner. */
  set(key: string, value: V, expiresAt?: number): void;
  readonly size: number;
}

/**
 * A bounded in-process cache whose entries expire after `ttlMs`: a stale answer lives at most
 * that long, whoever changed the database and on whichever instance. Past `maxEntries` the
 * oldest entry goes (a Map keeps insertion order). A TTL of 0 keeps nothing.
 */
export const createTtlCache = <V>({
  ttlMs,
  maxEntries,
  clock = monotonicClock,
}: {
  ttlMs: number;
  maxEntries: number;
  clock?: Clock;
}): TtlCache<V> => {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (clock() >= entry.expiresAt) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, expiresAt = Infinity) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt: Math.min(clock() + ttlMs, expiresAt) });
    },
    get size() {
      return entries.size;
    },
  };
};

/** Milliseconds on a clock that only moves forward; tests pass one they move by hand. */
export type Clock = () => number;

export const monotonicClock: Clock = () => performance.now();

export interface TtlCache<V> {
  /** The key's value, which becomes the most recently used; undefined when absent or expired. */
  get(key: string): V | undefined;
  /** Keeps `value` for the cache's TTL, or until `expiresAt` (same clock) when sooner. */
  set(key: string, value: V, expiresAt?: number): void;
  delete(key: string): void;
  readonly size: number;
}

/**
 * A bounded in-process cache whose entries expire after `ttlMs`: a stale answer lives at most
 * that long, whoever changed the database and on whichever instance. Past `maxEntries` the
 * least recently used entry goes (a Map keeps insertion order, and a read puts its key back
 * at the end): under a flood of new keys its memory stays flat, and the keys in use stay. A
 * TTL of 0 keeps nothing.
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
  // One iterator kept from eviction to eviction: a Map iterator goes on over the keys set
  // since, and all it has passed is evicted, so its next key is the least recently used. A new
  // iterator would first step over every deleted slot left at the Map's start: under a flood,
  // a cost that grows with the bound (bench/README.md, issue 32).
  let oldest = entries.keys();
  const evictOne = () => {
    let next = oldest.next();
    if (next.done) next = (oldest = entries.keys()).next();
    if (!next.done) entries.delete(next.value);
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (clock() >= entry.expiresAt) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, expiresAt = Infinity) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      if (entries.size >= maxEntries) evictOne();
      entries.set(key, { value, expiresAt: Math.min(clock() + ttlMs, expiresAt) });
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
};

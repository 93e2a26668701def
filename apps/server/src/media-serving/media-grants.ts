import type { Viewer } from '../access/viewer.ts';
import { createTtlCache, type Clock } from '../lib/ttl-cache.ts';

/** The viewer as the visibility rule sees it: two viewers with the same key see the same. */
const viewerKey = (viewer: Viewer) =>
  viewer === null ? 'visitor' : `${viewer.userId}:${viewer.role}:${viewer.gdaAccess}`;

export type MediaGrants = <T>(viewer: Viewer, what: string, decide: () => Promise<T>) => Promise<T>;

/**
 * Access decisions for media reads, kept per viewer and file for `ttlMs`: a player's range
 * requests after the first ask neither the database nor the disk. Only grants are kept (a
 * refusal throws before anything is stored), so a viewer who just gained access sees it at
 * once; one who lost it (privacy, role, GDA access changed) keeps it at most `ttlMs`. A
 * decision under way is shared by the requests for the same key that arrive meanwhile (its
 * refusal too).
 */
export const createMediaGrants = ({
  ttlMs,
  clock,
  maxEntries = 10_000,
}: {
  ttlMs: number;
  clock?: Clock;
  maxEntries?: number;
}): MediaGrants => {
  const cache = createTtlCache<unknown>({ ttlMs, maxEntries, clock });
  // Decisions being made: the requests that ask meanwhile wait for the same one. A player's
  // ranges come several at a time, and under a crowd hundreds of them reach an expired grant at
  // once; each would otherwise make the same decision (its statements) again.
  const deciding = new Map<string, Promise<unknown>>();
  return async <T>(viewer: Viewer, what: string, decide: () => Promise<T>): Promise<T> => {
    const key = `${viewerKey(viewer)}|${what}`;
    const kept = cache.get(key);
    if (kept !== undefined) return kept as T;
    const pending = deciding.get(key);
    if (pending) return pending as Promise<T>;
    const decision = decide().then((granted) => {
      cache.set(key, granted);
      return granted;
    });
    deciding.set(key, decision);
    try {
      return await decision;
    } finally {
      deciding.delete(key);
    }
  };
};

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
 * once; one who lost it (privacy, role, GDA access changed) keeps it at most `ttlMs`.
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
  return async <T>(viewer: Viewer, what: string, decide: () => Promise<T>): Promise<T> => {
    const key = `${viewerKey(viewer)}|${what}`;
    const kept = cache.get(key);
    if (kept !== undefined) return kept as T;
    const granted = await decide();
    cache.set(key, granted);
    return granted;
  };
};

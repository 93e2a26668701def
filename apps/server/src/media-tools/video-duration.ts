import { loadRenditionIndex } from './rendition-index.ts';
import type { MediaStorage } from '../storage/media-storage.ts';

/**
 * How long a video plays, from the index of its smallest rendition in the version served;
 * null when it has none (not encoded, or encoded before indexes existed).
 */
export const renditionSeconds = async (
  storage: MediaStorage,
  { id, rungs, mediaVersion }: { id: number; rungs: number[]; mediaVersion: number },
): Promise<number | null> => {
  if (rungs.length === 0) return null;
  const index = await loadRenditionIndex(storage, id, Math.min(...rungs), mediaVersion);
  if (!index) return null;
  return index.segments.reduce((sum, segment) => sum + segment[2], 0) / index.timescale;
};

import type { Database } from '../../db/client.ts';
import { loadRenditionIndex, soundAhead } from '../../media-tools/rendition-index.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { publishedVideos, type PublishedVideo } from './rendition-upgrade.repository.ts';

/**
 * Which layout a video's renditions are in, read from the files themselves: a rung is in the new
 * layout when its segment index is there and describes the file served (what HLS uses: size and
 * head checked) and says its sound is on its picture, in the old one otherwise (no index: a plain
 * MP4; an index of before: the sound ahead). A rung whose file is missing is
 * nobody's to convert. So a conversion cut at any point is seen exactly as far as it went.
 */
export const oldRungs = async (storage: MediaStorage, video: PublishedVideo): Promise<number[]> => {
  const old: number[] = [];
  for (const rung of video.rungs) {
    if (!(await storage.stat(mediaKeys.rung(video.id, rung, video.mediaVersion)))) continue;
    const index = await loadRenditionIndex(storage, video.id, rung, video.mediaVersion);
    if (!index || soundAhead(index)) old.push(rung);
  }
  return old;
};

export interface LayoutCounts {
  /** Published videos whose every rendition is in the new layout. */
  upgraded: number;
  /** Published videos with a rendition still in the old layout. */
  left: number;
}

/** Counts the published videos by layout (one small read per rendition). */
export const countLayouts = async (db: Database, storage: MediaStorage): Promise<LayoutCounts> => {
  const counts: LayoutCounts = { upgraded: 0, left: 0 };
  for (const video of await publishedVideos(db)) {
    if ((await oldRungs(storage, video)).length > 0) counts.left += 1;
    else counts.upgraded += 1;
  }
  return counts;
};

/** The published videos still in the old layout, oldest first. */
export const videosLeft = async (db: Database, storage: MediaStorage) => {
  const left: PublishedVideo[] = [];
  for (const video of await publishedVideos(db)) {
    if ((await oldRungs(storage, video)).length > 0) left.push(video);
  }
  return left;
};

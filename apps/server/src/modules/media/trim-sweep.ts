import { RUNGS } from '../../media-tools/encode-args.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import type { Database } from '../../db/client.ts';
import * as trims from './trims.repository.ts';

/** Removes version 0's files (the encode's names, in the video's own folder). */
const removeFirstVersion = async (storage: MediaStorage, videoId: number) => {
  for (const rung of RUNGS) {
    await storage.remove(mediaKeys.rung(videoId, rung, 0));
    await storage.remove(mediaKeys.rungIndex(videoId, rung, 0));
  }
  await storage.remove(mediaKeys.storyboardImage(videoId, 0));
  await storage.remove(mediaKeys.storyboardVtt(videoId, 0));
  await storage.remove(mediaKeys.loudness(videoId, 0));
  await storage.removePrefix(`${mediaKeys.videoFolder(videoId)}/captions`);
};

/**
 * The versions of a video's media nobody may read any more: not served, not kept for an undo
 * (`undo_until` past, or ended by a new original), not being written by a cut. Removed here,
 * the next sweep after they stop being needed, so a viewer who started one before a cut is
 * not cut off mid-segment. Answers how many versions went.
 */
export const sweepTrimVersions = async (deps: { db: Database; storage: MediaStorage }) => {
  const { db, storage } = deps;
  let removed = 0;
  // Version 0 has no folder of its own: its files go once whichever the video serves is not it.
  for (const { videoId } of await trims.trimmedVideos(db)) {
    const state = await trims.versionsOf(db, videoId);
    if (!state || trims.ACTIVE_TRIM_STATES.includes(state.state as never)) continue;
    const inUse = new Set([state.mediaVersion]);
    if (state.state === 'done' && state.undoUntil && state.undoUntil > new Date())
      inUse.add(state.fromVersion);
    const folder = mediaKeys.videoFolder(videoId);
    const names = (await storage.listFolder(folder)).map(({ key }) => key.slice(folder.length + 1));
    const versions = new Set(
      names.flatMap((name) => {
        const version = /^v(\d+)\//.exec(name)?.[1];
        return version === undefined ? [] : [Number(version)];
      }),
    );
    for (const version of versions) {
      if (inUse.has(version)) continue;
      await storage.removePrefix(mediaKeys.versionFolder(videoId, version));
      removed += 1;
    }
    // Once gone, not asked again at every sweep: the original and thumbnail are not version 0's.
    const firstVersionLeft = names.some(
      (name) => !/^v\d+\//.test(name) && !/^(raw(-\d+)?\.mp4|thumbnail)$/.test(name),
    );
    if (!inUse.has(0) && firstVersionLeft) {
      await removeFirstVersion(storage, videoId);
      removed += 1;
    }
    await trims.settleSwept(db, videoId, state);
  }
  return removed;
};

import { Readable } from 'node:stream';
import type { Loudness } from '@plateau/contract';
import { requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import { measureLoudness } from '../../media-tools/loudness.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { MissingMediaError } from '../../storage/storage-errors.ts';
import { findVideoMedia } from './media.repository.ts';

const noLoudness = () => notFound("Pas d'analyse du son pour cette vidéo");

/**
 * The sound's loudness along a video, for the timeline of « Montage » (members): measured
 * from its smallest rendition on first demand, then kept beside it (a file of its version,
 * which a cut or a new encode replaces with the rest).
 */
export const createLoudnessService = (deps: {
  db: Database;
  storage: MediaStorage;
  mediaBinaries: MediaBinaries | null;
}) => {
  const { db, storage, mediaBinaries } = deps;
  // Two first requests for one video share one measure.
  const measuring = new Map<string, Promise<Loudness>>();

  const measure = async (id: number, rung: number, version: number, key: string) => {
    if (!mediaBinaries)
      throw new HttpError(503, 'Analyse du son indisponible : ffmpeg introuvable');
    const loudness = await storage
      .withLocalFile(mediaKeys.rung(id, rung, version), (file) =>
        measureLoudness(mediaBinaries.ffmpeg, file),
      )
      .catch((error: unknown) => {
        // The rendition went meanwhile (a new encode, the media removed): nothing to measure.
        if (error instanceof MissingMediaError) return null;
        throw error;
      });
    if (!loudness) throw noLoudness();
    const temp = await storage.writeTemp(Readable.from([JSON.stringify(loudness)]), '.json');
    try {
      await storage.commit(temp, key);
    } finally {
      await storage.discardTemp(temp);
    }
    return loudness;
  };

  return {
    async loudness(viewer: Viewer, id: number): Promise<Loudness> {
      requireMember(viewer);
      const video = requireVisible(
        await findVideoMedia(db, viewer, id),
        viewer,
        notFoundMessage.video,
      );
      if (video.rungs.length === 0) throw noLoudness();
      const key = mediaKeys.loudness(id, video.mediaVersion);
      const size = (await storage.stat(key))?.size;
      const stored = size === undefined ? null : await storage.readStart(key, size);
      if (stored) return JSON.parse(stored.toString('utf8')) as Loudness;
      const running = measuring.get(key);
      if (running) return running;
      const made = measure(id, Math.min(...video.rungs), video.mediaVersion, key).finally(() =>
        measuring.delete(key),
      );
      measuring.set(key, made);
      return made;
    },
  };
};

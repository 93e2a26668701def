import { Processing } from '@plateau/contract';
import { requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendEncodeJob } from '../../jobs/encode-queue.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import * as repository from './encoding.repository.ts';

const notEncodable = (processing: number) =>
  conflict(
    processing === Processing.Encoding
      ? "Cette vidéo est déjà en cours d'encodage"
      : "Aucun fichier vidéo n'a été envoyé pour cette vidéo",
  );

export interface EncodingServiceDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  mediaBinaries: MediaBinaries | null;
}

export const createEncodingService = ({
  db,
  config,
  jobs,
  mediaBinaries,
}: EncodingServiceDeps) => ({
  /** 1 or 3 -> 2 and a queued job, in one transaction: both happen or neither. */
  async requestEncode(viewer: Viewer, id: number): Promise<void> {
    requireMember(viewer);
    if (!mediaBinaries) {
      throw new HttpError(
        503,
        "L'encodage est indisponible : ffmpeg est introuvable sur le serveur (voir FFMPEG_PATH)",
      );
    }
    requireVisible(
      await repository.findEncodeTarget(db, viewer, id),
      viewer,
      notFoundMessage.video,
    );
    // Started before the transaction: on PGlite a query outside it would wait for it to end.
    const boss = await jobs.boss();
    await db.transaction(async (tx) => {
      if (!(await repository.markEncodeQueued(tx, id))) {
        const current = await repository.findJobVideo(tx, id);
        throw current ? notEncodable(current.processing) : notFound(notFoundMessage.video);
      }
      await sendEncodeJob(boss, tx, id, config);
    });
  },
});

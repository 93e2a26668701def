import type { DatabaseHandle } from '../../db/client.ts';
import type { MediaBackend } from '../../storage/media-locations.repository.ts';
import { moveFolder, type FolderMoveContext } from './folder-move.ts';
import { createPacer } from './media-move-pacer.ts';
import { foldersToMove } from './media-move-plan.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { videoBeingEncoded } from './media-move.repository.ts';
import {
  MEDIA_MOVE_RUN,
  sendMediaMove,
  type MediaMoveData,
  type MediaMoveOutput,
} from './media-move-queue.ts';
import {
  handoverDeadline,
  interruptedRunData,
  startSiteWideRunWorker,
  type SiteWideRunWorker,
} from '../../jobs/site-wide-run.ts';

export interface MediaMoveWorkerDeps {
  database: DatabaseHandle;
  jobs: JobQueue;
  /** The disk and the bucket themselves (open-media-storage.ts's openMediaBackends). */
  stores: Record<MediaBackend, MediaStorage>;
  /** MEDIA_MOVE_SPEED, megabytes a second; 0 for no limit. */
  speedMBps: number;
  log: { info(msg: string): void; warn(msg: string): void };
  /** The wait before a source is removed (tests shorten it). */
  graceMs?: number;
  /** Folders skipped (being encoded) are tried again by a run asked for this much later. */
  retrySeconds?: number;
  /** Passed to each folder's move (tests inject a kill there). */
  afterFileCopied?: FolderMoveContext['afterFileCopied'];
}

export type MediaMoveWorker = SiteWideRunWorker;

const RETRY_SECONDS = 300;

/** `videos/5` → 5; null for a direct's folder. */
const videoIdOf = (folder: string) => {
  const match = /^videos\/(\d+)$/.exec(folder);
  return match ? Number(match[1]) : null;
};

/**
 * Takes move runs (queue `media-move`): one at a time on the whole site (run lock), one folder
 * at a time, copies paced at MEDIA_MOVE_SPEED. A folder's source is removed once its grace is
 * over, while the next folder copies. A video being encoded is left for a run asked a few
 * minutes later; a killed run leaves its folders on the source, and the next one goes on.
 */
export const startMediaMoveWorker = async (deps: MediaMoveWorkerDeps): Promise<MediaMoveWorker> => {
  const { database, stores, log } = deps;
  const boss = await deps.jobs.boss();
  const idle = (): MediaMoveOutput => ({ moved: 0, failed: 0, skipped: 0, lastError: null });

  const runAll = async (to: MediaBackend, signal: AbortSignal): Promise<MediaMoveOutput> => {
    const output = idle();
    const deadline = handoverDeadline();
    const ctx: FolderMoveContext = {
      db: database.db,
      stores,
      graceMs: deps.graceMs,
      pacer: createPacer(deps.speedMBps * 1_000_000),
      signal,
      deferRemoval: true,
      afterFileCopied: deps.afterFileCopied,
    };
    const finishes: Promise<void>[] = [];
    const left = await foldersToMove(database.db, stores, to);
    if (left.length > 0) log.info(`media move: ${left.length} folder(s) to move to ${to}`);
    try {
      for (const folder of left) {
        if (Date.now() > deadline) {
          await sendMediaMove(boss, to);
          break;
        }
        const videoId = videoIdOf(folder);
        if (videoId !== null && (await videoBeingEncoded(database.db, videoId))) {
          output.skipped += 1;
          continue;
        }
        try {
          const result = await moveFolder(ctx, folder, to);
          if (result.outcome === 'busy') output.skipped += 1;
          if (result.outcome === 'moved') output.moved += 1;
          // A failed removal leaves files the next run removes: it is not the folder's failure.
          if (result.finish) finishes.push(result.finish().catch(() => undefined));
        } catch (error) {
          if (signal.aborted) break;
          output.failed += 1;
          output.lastError = `${folder} : ${(error as Error).message}`;
          log.warn(`media move: ${folder} not moved (${(error as Error).message})`);
        }
      }
    } finally {
      await Promise.all(finishes);
    }
    if (signal.aborted) {
      // Stopped by a shutdown: the next worker to start goes on where this one was.
      await sendMediaMove(boss, to).catch(() => null);
      return { ...output, interrupted: true };
    }
    if (output.skipped > 0) await sendMediaMove(boss, to, deps.retrySeconds ?? RETRY_SECONDS);
    if (left.length > 0) {
      log.info(
        `media move: ${output.moved} moved, ${output.skipped} left for later, ${output.failed} failed`,
      );
    }
    return output;
  };

  return startSiteWideRunWorker<MediaMoveData, MediaMoveOutput>({
    database,
    boss,
    run: MEDIA_MOVE_RUN,
    idle,
    work: (job, signal) => runAll(job.data.to === 'local' ? 'local' : 's3', signal),
    // A run cut by a kill or a restart stays marked active: asked again, it goes on where it was.
    atStart: async () => {
      const cut = await interruptedRunData<MediaMoveData>(database, MEDIA_MOVE_RUN);
      if (cut?.to) await sendMediaMove(boss, cut.to);
    },
    atStartFailed: (error) => log.warn(`media move: not resumed at start (${error.message})`),
  });
};

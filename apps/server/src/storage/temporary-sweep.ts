import type { Database } from '../db/client.ts';
import { sweepUnreferenced, UNREFERENCED_MAX_AGE_MS } from './media-publication.ts';
import type { MediaStorage } from './media-storage.ts';
import type { ResumableUploadStore } from './resumable-store.ts';

/**
 * How long a temporary file may go unwritten before it is debris. Files in use change all the
 * time: an upload appends each chunk as it arrives, ffmpeg appends as it encodes. After its
 * last byte an upload is probed (ffprobe, 60 s at most) and renamed into place; an encode's
 * renditions wait only for the thumbnail. So a live file is never idle for longer than the
 * longest silence of an upload in flight, which the HTTP socket idle timeout bounds (minutes):
 * past it the socket is destroyed and the upload deletes its own file. The length of an upload
 * does not matter (8 GiB at 1 Mbit/s takes 18 hours, its file stays fresh throughout). An hour
 * is many idle timeouts, and covers clock skew between instances on a shared volume, whose
 * mtimes come from the file server's clock.
 */
export const TEMPORARY_MAX_IDLE_MS = 60 * 60 * 1000;
/** Debris costs disk (up to MAX_UPLOAD_BYTES a file) for this long past the limit at most. */
export const TEMPORARY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface TemporarySweepOptions {
  maxIdleMs?: number;
  intervalMs?: number;
  /** Also removes the resumable uploads idle past their own expiry (never a paused one). */
  resumableStore?: Pick<ResumableUploadStore, 'deleteExpired'>;
  /** Also removes the stored files a crash left unreferenced (media-publication.ts). */
  db?: Database;
}

/**
 * Sweeps the storage's temporary files left by crashes, now and then every interval (an
 * unref'd timer: it never keeps the process alive). Returns the function that stops it.
 */
export const startTemporarySweep = (
  storage: MediaStorage,
  log: { info(msg: string): void; warn(msg: string): void },
  {
    maxIdleMs = TEMPORARY_MAX_IDLE_MS,
    intervalMs = TEMPORARY_SWEEP_INTERVAL_MS,
    resumableStore,
    db,
  }: TemporarySweepOptions = {},
): (() => void) => {
  const sweep = async () => {
    try {
      const { files, bytes } = await storage.sweepTemporary(new Date(Date.now() - maxIdleMs));
      if (files > 0) {
        log.info(
          `removed ${files} abandoned temporary file(s), ${(bytes / 1024 ** 2).toFixed(1)} MiB`,
        );
      }
      const expired = (await resumableStore?.deleteExpired()) ?? 0;
      if (expired > 0) log.info(`removed ${expired} expired resumable upload(s)`);
      const strays = db
        ? await sweepUnreferenced({ db, storage }, new Date(Date.now() - UNREFERENCED_MAX_AGE_MS))
        : 0;
      if (strays > 0) log.info(`removed ${strays} stored file(s) no row refers to`);
    } catch (error) {
      log.warn(`temporary file sweep: ${(error as Error).message}`);
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};

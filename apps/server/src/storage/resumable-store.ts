import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { ERRORS, Upload, type DataStore } from '@tus/server';
import type { MediaStorageSettings } from '../config/s3-settings.ts';
import { S3ResumableStore } from './s3-resumable-store.ts';
import type { UploadLocker } from './upload-locker.ts';
import { isResumableUploadId } from './upload-ids.ts';

export { isResumableUploadId };

/**
 * Where unfinished resumable uploads wait, whatever the backend: tus's data store plus what
 * Plateau asks of it (claiming a finish once, a local file to check, expiry, room on disk).
 */
export interface ResumableStore extends DataStore {
  /**
   * True for one caller only (any instance): that one attaches the complete upload. `wait`
   * (default): for a claim another request holds to end, rather than answering false at once.
   */
  claimFinish(id: string, wait?: boolean): Promise<boolean>;
  /** Marks an upload attached: HEAD answers it complete until it expires, counted from now. */
  markFinished(id: string): Promise<void>;
  /** Gives up a claim whose attachment failed for want of the store: another may retry it. */
  releaseClaim(id: string): Promise<void>;
  /** Whether the upload was claimed or attached (false: complete, its attachment still owed). */
  isFinished(id: string): Promise<boolean>;
  /** Forgets an upload whose bytes were attached or removed. */
  forget(id: string): Promise<void>;
  /**
   * Runs `use` with a local file of the complete upload's bytes, which `use` may move away
   * (storage.commit); afterwards the upload keeps no bytes, only its finished marker if any.
   */
  withUploadedFile<T>(id: string, use: (file: string) => Promise<T>): Promise<T>;
  unfinished(): Promise<Upload[]>;
  /** Bytes the unfinished uploads will still write on the local disk. */
  promisedBytes(): Promise<number>;
  deleteExpired(): Promise<number>;
}

/**
 * tus's file store, with expiry counted from the last byte received rather than from creation:
 * an evening's recording sent over a slow link, or paused overnight, stays resumable as long as
 * it is not idle for the whole period. tus reads `creation_date` for both `Upload-Expires` and
 * its refusal of expired uploads, so `getUpload` reports the data file's last write there.
 */
export class ResumableUploadStore extends FileStore implements ResumableStore {
  constructor(
    readonly folder: string,
    readonly expiryMs: number,
    /** The uploads' locks (the tus server's): the sweep leaves an upload in use alone. */
    readonly locker?: Pick<UploadLocker, 'tryLock'>,
  ) {
    super({ directory: folder, expirationPeriodInMilliseconds: expiryMs });
  }

  override async getUpload(id: string): Promise<Upload> {
    const finished = await stat(this.finishedPath(id)).catch(() => null);
    if (finished) {
      // Attached already: a client whose last answer was lost learns it is complete.
      const info = await this.configstore.get(id);
      if (!info) throw ERRORS.FILE_NOT_FOUND;
      return new Upload({
        id,
        size: info.size,
        offset: info.size ?? 0,
        metadata: info.metadata,
        creation_date: finished.mtime.toISOString(),
      });
    }
    const upload = await super.getUpload(id);
    const lastWrite = await stat(this.dataPath(id)).catch(() => null);
    if (lastWrite) upload.creation_date = lastWrite.mtime.toISOString();
    return upload;
  }

  /** The data file of an upload, from a checked id only. */
  dataPath(id: string): string {
    if (!isResumableUploadId(id)) throw ERRORS.FILE_NOT_FOUND;
    return path.join(this.folder, id);
  }

  /**
   * The marker of an upload complete: being attached to its video, then attached, kept until
   * it expires.
   */
  private finishedPath(id: string): string {
    return `${this.dataPath(id)}.finished`;
  }

  /**
   * Claims the attachment of a complete upload: true for one caller only, in any process
   * sharing the folder (an exclusive create), so the file is attached once even when two
   * requests see the last byte. From then on HEAD answers it complete, also while its data
   * file is being moved to its video.
   */
  async claimFinish(id: string): Promise<boolean> {
    try {
      await writeFile(this.finishedPath(id), '', { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  /**
   * Marks an upload attached (its data file was moved to its video): HEAD then answers it
   * complete until it expires, counted from now, so a client that lost the last PATCH's answer
   * does not send the whole file again.
   */
  async markFinished(id: string): Promise<void> {
    await writeFile(this.finishedPath(id), '');
  }

  /** The data file itself: the check reads it and the commit renames it into place. */
  withUploadedFile<T>(id: string, use: (file: string) => Promise<T>): Promise<T> {
    return use(this.dataPath(id));
  }

  async releaseClaim(id: string): Promise<void> {
    await rm(this.finishedPath(id), { force: true });
  }

  async isFinished(id: string): Promise<boolean> {
    return (await stat(this.finishedPath(id)).catch(() => null)) !== null;
  }

  /** Every unfinished upload, read from disk (so it survives restarts), unreadable ones skipped. */
  async unfinished(): Promise<Upload[]> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    // A data file is there until the upload is attached or removed.
    const ids = names.filter(isResumableUploadId);
    const uploads = await Promise.all(ids.map((id) => this.getUpload(id).catch(() => null)));
    return uploads.filter((upload): upload is Upload => upload !== null);
  }

  /** Bytes the unfinished uploads will still write: promised already, not free. */
  async promisedBytes(): Promise<number> {
    return (await this.unfinished()).reduce(
      (sum, upload) => sum + Math.max(0, (upload.size ?? 0) - (upload.offset ?? 0)),
      0,
    );
  }

  /**
   * Removes the uploads idle for the whole expiry, and the halves a crash left (a data file
   * without its description or the reverse) once as old; a paused upload younger stays. Every
   * instance sweeps the shared folder: an upload is looked at under its lock, taken only if
   * free (a request on it, here or on another instance, keeps it), so it is never removed
   * while a PATCH writes to it, and a sweep that finds it gone has nothing to do.
   */
  override async deleteExpired(): Promise<number> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const ids = new Set(
      names.map((name) => name.replace(/\.(json|finished)$/, '')).filter(isResumableUploadId),
    );
    let removed = 0;
    for (const id of ids) {
      const lock = this.locker ? await this.locker.tryLock(id).catch(() => null) : undefined;
      if (lock === null) continue;
      try {
        if (await this.removeIfIdle(id)) removed += 1;
      } finally {
        await lock?.unlock();
      }
    }
    return removed;
  }

  private async removeIfIdle(id: string): Promise<boolean> {
    const files = [this.dataPath(id), `${this.dataPath(id)}.json`, this.finishedPath(id)];
    const times = await Promise.all(
      files.map((file) =>
        stat(file).then(
          (s) => s.mtimeMs,
          () => null,
        ),
      ),
    );
    const present = times.filter((time): time is number => time !== null);
    // Gone meanwhile (removed by another instance's sweep, cancelled), or still in use.
    if (present.length === 0 || Math.max(...present) >= Date.now() - this.expiryMs) return false;
    await Promise.all(files.map((file) => rm(file, { force: true })));
    return true;
  }

  /** Forgets an upload whose data file was moved away (attached) or removed. */
  async forget(id: string): Promise<void> {
    await this.configstore.delete(id).catch(() => undefined);
    await rm(this.finishedPath(id), { force: true });
  }
}

/** The uploads' locks the stores use: the sweep's `tryLock`; on a bucket, the finish's `newLock`. */
export type ResumableLocker = Pick<UploadLocker, 'tryLock'> &
  Partial<Pick<UploadLocker, 'newLock'>>;

/** Where the uploads go: the media folder's (a path or the settings) or the bucket. */
export interface ResumablePlace {
  mediaDir: string;
  /** Local folder for the working copy a finished upload is checked on (bucket only). */
  scratchDir: string;
  mediaStorage: MediaStorageSettings;
}

/**
 * The unfinished uploads' store: on the local backend a folder beside the temporary files on
 * the media disk (`mediaRoot` or the settings' media folder); with MEDIA_STORAGE=s3, the bucket,
 * so that every instance reaches every upload without a shared folder.
 */
export function createResumableStore(
  mediaRoot: string,
  expiryMs: number,
  locker?: Pick<UploadLocker, 'tryLock'>,
): ResumableUploadStore;
export function createResumableStore(
  place: ResumablePlace,
  expiryMs: number,
  locker?: Pick<UploadLocker, 'tryLock' | 'newLock'>,
): ResumableStore;
export function createResumableStore(
  where: string | ResumablePlace,
  expiryMs: number,
  locker?: ResumableLocker,
): ResumableStore {
  if (typeof where === 'string') {
    return new ResumableUploadStore(path.join(where, '.uploads'), expiryMs, locker);
  }
  const { mediaStorage } = where;
  if (mediaStorage.kind === 'local') {
    return new ResumableUploadStore(path.join(where.mediaDir, '.uploads'), expiryMs, locker);
  }
  return new S3ResumableStore({
    s3: mediaStorage.s3,
    scratchDir: where.scratchDir,
    expiryMs,
    locker,
  });
}

import { rm } from 'node:fs/promises';
import { S3Store } from '@tus/s3-store';
import { ERRORS, Upload, type Lock } from '@tus/server';
import type { S3Settings } from '../config/s3-settings.ts';
import { objectKey, s3ClientConfig } from './s3-client.ts';
import { isAbsent } from './s3-failures.ts';
import { listMultipartUploads, uploadActivity } from './s3-listing.ts';
import { fitResumableClient, noCache } from './s3-resumable-client.ts';
import { downloadObject } from './s3-transfer.ts';
import { createScratchFolder } from './scratch-folder.ts';
import { StorageUnavailableError } from './storage-errors.ts';
import type { UploadLocker } from './upload-locker.ts';
import { isResumableUploadId } from './upload-ids.ts';

const MiB = 1024 * 1024;
/** A part per 8 MiB received (stores want 5 MiB at least, the last part excepted). */
const PART_SIZE = 8 * MiB;
/** How long a finish waits for a request still holding the upload (tus's own lock timeout). */
const CLAIM_TIMEOUT_MS = 30_000;

/** What a finished upload's marker keeps: enough for a HEAD to answer it complete. */
interface FinishedUpload {
  size?: number;
  metadata?: Upload['metadata'];
}

export interface S3ResumableStoreOptions {
  s3: S3Settings;
  /** Local folder (under DATA_DIR) for the working copy a finished upload is checked on. */
  scratchDir: string;
  expiryMs: number;
  /** The uploads' locks (shared by instances on PostgreSQL): the finish's claim, the sweep. */
  locker?: Pick<UploadLocker, 'tryLock'> & Partial<Pick<UploadLocker, 'newLock'>>;
}

/**
 * Resumable uploads kept in the bucket (@tus/s3-store): each PATCH's bytes go to a multipart
 * upload under S3_PREFIX's `uploads/`, so any instance resumes an upload begun on another, with
 * no shared folder. Expiry counts from the last byte received, as on the local store. An
 * attached upload leaves only a `<id>.finished` marker, for HEAD to answer it complete.
 */
export class S3ResumableStore extends S3Store {
  private readonly folder: string;
  private readonly scratch;
  /** The uploads this process is attaching: their lock, and what their marker will say. */
  private readonly claims = new Map<string, { lock?: Lock; finished: FinishedUpload }>();

  constructor(private readonly options: S3ResumableStoreOptions) {
    const { bucket, ...settings } = options.s3;
    super({
      partSize: PART_SIZE,
      expirationPeriodInMilliseconds: options.expiryMs,
      // Swift's s3api has no object tagging; expiry is our sweep's.
      useTags: false,
      cache: noCache,
      s3ClientConfig: { bucket, ...s3ClientConfig({ ...settings, bucket }) },
    });
    this.folder = objectKey(options.s3, 'uploads/');
    this.scratch = createScratchFolder(options.scratchDir);
    fitResumableClient(this.client, this.folder);
  }

  override async getUpload(id: string): Promise<Upload> {
    if (!isResumableUploadId(id)) throw ERRORS.FILE_NOT_FOUND;
    const finished = await this.readFinished(id);
    if (finished) return finished;
    let metadata;
    try {
      metadata = await this.getMetadata(id);
    } catch (error) {
      if (isAbsent(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
    const { file } = metadata;
    let parts;
    try {
      parts = await this.retrieveParts(id);
    } catch (error) {
      if (!isAbsent(error)) throw error;
      // Completed (the last PATCH is attaching it): all its bytes are there. A store that
      // lists neither its parts nor its file (Swift's listings lag under load) says nothing
      // sure of it: taken for complete, the upload would be attached from nothing and removed.
      if (!(await this.hasAssembledFile(id))) {
        throw new StorageUnavailableError(`object storage lists neither parts nor file of ${id}`);
      }
      return new Upload({ ...file, offset: file.size ?? 0 });
    }
    const incomplete = await this.headIncompletePart(id);
    const writes = [
      Date.parse(file.creation_date ?? '') || 0,
      ...parts.map((part) => part.LastModified?.getTime() ?? 0),
      incomplete?.LastModified?.getTime() ?? 0,
    ];
    return new Upload({
      ...file,
      offset: parts.reduce((sum, part) => sum + (part.Size ?? 0), incomplete?.ContentLength ?? 0),
      // tus counts expiry from `creation_date`: from the last byte received, here.
      creation_date: new Date(Math.max(...writes)).toISOString(),
    });
  }

  /**
   * Claims the attachment of a complete upload: true for one caller only, on any instance. A
   * lock of its own (`<id>:finish`, shared by instances through PostgreSQL) is held from the
   * claim until the upload is marked finished or released: nothing is written to the store for
   * the claim, so a store down mid-attach leaves no stale claim, and the upload's own lock stays
   * free for tus's HEAD meanwhile. `wait: false` gives up at once when another holds it.
   */
  async claimFinish(id: string, wait = true): Promise<boolean> {
    const { locker } = this.options;
    let lock: Lock | null | undefined;
    if (!wait) lock = locker ? await locker.tryLock(`${id}:finish`) : undefined;
    else {
      lock = locker?.newLock?.(`${id}:finish`);
      await lock?.lock(AbortSignal.timeout(CLAIM_TIMEOUT_MS), () => undefined);
    }
    if (lock === null) return false;
    try {
      if (await this.readFinished(id)) {
        await lock?.unlock();
        return false;
      }
      const { file } = await this.getMetadata(id);
      this.claims.set(id, { lock, finished: { size: file.size, metadata: file.metadata } });
      return true;
    } catch (error) {
      await lock?.unlock();
      throw error;
    }
  }

  /** Lets another request claim the upload again (its attachment failed, the store being down). */
  async releaseClaim(id: string): Promise<void> {
    const claim = this.claims.get(id);
    this.claims.delete(id);
    await claim?.lock?.unlock();
  }

  async isFinished(id: string): Promise<boolean> {
    return (await this.readFinished(id)) !== null;
  }

  /**
   * Marks an upload attached: the marker answers HEAD until it expires (counted from now), then
   * the upload's own objects go, its bytes being in their video now.
   */
  async markFinished(id: string): Promise<void> {
    const claim = this.claims.get(id);
    try {
      const finished = claim?.finished ?? (await this.readFinished(id));
      if (!finished) return;
      await this.writeFinished(id, { size: finished.size, metadata: finished.metadata });
      await this.deleteObjectsOf(id, ['', '.info', '.part']);
    } finally {
      await this.releaseClaim(id);
    }
  }

  /** Runs `use` with a scratch copy of the complete upload, removed once `use` settles. */
  async withUploadedFile<T>(id: string, use: (file: string) => Promise<T>): Promise<T> {
    await this.assemble(id);
    const file = await this.scratch.tempPath('.upload');
    try {
      await downloadObject({ client: this.client, bucket: this.bucket }, id, file);
      return await use(file);
    } finally {
      await rm(file, { force: true });
    }
  }

  override async remove(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (error) {
      if (!isAbsent(error)) throw error;
    }
    if (uploadId) {
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch((error: unknown) => {
          if (!isAbsent(error)) throw error;
        });
    }
    await this.deleteObjectsOf(id, ['', '.info', '.part']);
    if (!uploadId) throw ERRORS.FILE_NOT_FOUND;
  }

  /** Forgets an upload attached or refused: its marker goes. */
  async forget(id: string): Promise<void> {
    try {
      await this.deleteObjectsOf(id, ['.info', '.finished']).catch(() => undefined);
    } finally {
      await this.releaseClaim(id);
    }
  }

  /** The unfinished uploads, from the store's multipart uploads under our folder. */
  async unfinished(): Promise<Upload[]> {
    const ids = new Set<string>();
    for (const upload of await listMultipartUploads(this.client, this.bucket, this.folder)) {
      const id = upload.Key?.slice(this.folder.length) ?? '';
      if (isResumableUploadId(id)) ids.add(id);
    }
    const uploads = await Promise.all([...ids].map((id) => this.getUpload(id).catch(() => null)));
    return uploads.filter((upload): upload is Upload => upload !== null);
  }

  /**
   * What the unfinished uploads will take on the scratch disk: their bytes wait in the bucket,
   * but each finish downloads the whole file there to check it, and they may finish together.
   */
  async promisedBytes(): Promise<number> {
    return (await this.unfinished()).reduce((sum, upload) => sum + (upload.size ?? 0), 0);
  }

  /**
   * Removes the uploads idle for the whole expiry: their multipart uploads are aborted (no
   * incomplete upload is left to be paid for) and their objects deleted, the markers of
   * finished ones included. Each is looked at under its lock taken only if free, as on the
   * local store, so one a request works on (on any instance) stays.
   */
  override async deleteExpired(): Promise<number> {
    const { lastWrites, multipart } = await uploadActivity(this.client, this.bucket, this.folder);
    let removed = 0;
    for (const [id, lastSeen] of lastWrites) {
      if (lastSeen >= Date.now() - this.options.expiryMs) continue;
      const { locker } = this.options;
      const lock = locker ? await locker.tryLock(id).catch(() => null) : undefined;
      if (lock === null) continue;
      try {
        if (await this.removeIfIdle(id, multipart.get(id) ?? [])) removed += 1;
      } finally {
        await lock?.unlock();
      }
    }
    return removed;
  }

  /** Under the upload's lock: its parts may have grown since the listing. */
  private async removeIfIdle(id: string, uploadIds: string[]): Promise<boolean> {
    const incomplete = await this.headIncompletePart(id);
    const times = [incomplete?.LastModified?.getTime() ?? 0];
    for (const uploadId of uploadIds) {
      const parts = await this.client
        .listParts({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch(() => null);
      times.push(...(parts?.Parts ?? []).map((part) => part.LastModified?.getTime() ?? 0));
    }
    if (Math.max(0, ...times) >= Date.now() - this.options.expiryMs) return false;
    for (const uploadId of uploadIds) {
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch((error: unknown) => {
          if (!isAbsent(error)) throw error;
        });
    }
    await this.deleteObjectsOf(id, ['', '.info', '.part', '.finished']);
    return true;
  }

  /**
   * A server stopped between a complete upload's last part and the store's assembly of the
   * parts (kill -9, a crash) leaves every byte in parts and no file: assembled here, before
   * the attachment reads it, instead of the upload being taken for lost and removed.
   */
  private async assemble(id: string): Promise<void> {
    if (await this.hasAssembledFile(id)) return;
    const metadata = await this.getMetadata(id);
    await this.finishMultipartUpload(metadata, await this.retrieveParts(id));
  }

  private async hasAssembledFile(id: string): Promise<boolean> {
    try {
      await this.client.headObject({ Bucket: this.bucket, Key: id });
      return true;
    } catch (error) {
      if (isAbsent(error)) return false;
      throw error;
    }
  }

  private async headIncompletePart(id: string) {
    try {
      return await this.client.headObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
    } catch (error) {
      if (isAbsent(error)) return undefined;
      throw error;
    }
  }

  private async readFinished(id: string): Promise<Upload | null> {
    try {
      const object = await this.client.getObject({ Bucket: this.bucket, Key: `${id}.finished` });
      const finished = JSON.parse(
        (await object.Body?.transformToString()) ?? '{}',
      ) as FinishedUpload;
      return new Upload({
        id,
        size: finished.size,
        offset: finished.size ?? 0,
        metadata: finished.metadata,
        creation_date: (object.LastModified ?? new Date()).toISOString(),
      });
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }

  private async writeFinished(id: string, finished: FinishedUpload): Promise<void> {
    await this.client.putObject({
      Bucket: this.bucket,
      Key: `${id}.finished`,
      Body: JSON.stringify(finished),
      ContentType: 'application/json',
    });
  }

  /** Deletes the upload's objects of these suffixes ('' is its assembled file). */
  private async deleteObjectsOf(id: string, suffixes: string[]): Promise<void> {
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: suffixes.map((suffix) => ({ Key: `${id}${suffix}` })) },
    });
  }
}

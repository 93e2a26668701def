import type { Readable } from 'node:stream';
import type { Executor } from '../db/client.ts';
import type { FileIdentity, FileLease } from './open-files.ts';

/*
 * The media storage's types, apart from media-storage.ts so that the backends implementing
 * them import no file that imports them back.
 */

/** A byte range, both ends included (as in HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** How a presigned read answers: the headers the store sets on its response, and for how long. */
export interface PresignedReadOptions {
  expiresInSeconds: number;
  contentType: string;
  contentDisposition?: string;
  cacheControl?: string;
}

/** A file of a folder's listing (`listFolder`). */
export interface FolderEntry {
  key: string;
  size: number;
  /** Changes when the file is rewritten: the local mtime, or the S3 ETag. */
  version: string;
}

/** What a local media folder offers beyond every backend's calls. */
export interface LocalMediaFiles {
  /** The media directory: `send`'s root, disk checks. */
  readonly root: string;
  /** The absolute path of a key in it (never outside it: a bad key throws). */
  localPath(key: string): string;
  /**
   * A shared open descriptor of the key's file as `expected` (a stat of it just made) says it
   * is, for reading it; null when the key now holds another file or none.
   */
  leaseFile(key: string, expected: FileIdentity): Promise<FileLease | null>;
  /** Descriptors `leaseFile` keeps open, and its leases not released yet. */
  openFileCounts(): { open: number; leased: number };
  /** The names of the folders right under `prefix` (`videos`: `5`, `12`...); none if absent. */
  subfolders(prefix: string): Promise<string[]>;
}

/** A storage over a local media folder (the local backend): its files are always there. */
export type LocalMediaStorage = MediaStorage & { readonly localFiles: LocalMediaFiles };

/**
 * Where media bytes live. Keys are built only by `mediaKeys` from integer ids, never from user
 * input. Two backends: a local directory (`createLocalStorage`) and an S3 bucket
 * (`createS3MediaStorage`). Temporary files are always local scratch, whatever the backend:
 * ffmpeg and upload checks work on them, then `commit` publishes them.
 */
export interface MediaStorage {
  /** Where new media go (MEDIA_STORAGE). */
  readonly backend: 'local' | 's3';
  /** Where the key's folder lives now: media moved or written before a switch stay put. */
  backendOf(key: string): Promise<'local' | 's3'>;
  /** A new temporary file path in the local scratch folder (local backend: inside its root). */
  tempPath(suffix?: string): Promise<string>;
  /** Streams `source` into a new temporary file and returns its path; removes it on failure. */
  writeTemp(source: Readable, suffix?: string): Promise<string>;
  /**
   * Publishes a temporary file under `key` and takes it away (a rename, or an upload then its
   * deletion). Atomic for readers: they get the old bytes or the new ones, never a mix. On
   * failure nothing is published and the temporary file stays for its owner to discard. Never
   * inside a transaction: on S3 it is the whole upload (publishThenRecord records it after).
   */
  commit(tempFile: string, key: string): Promise<void>;
  /**
   * Publishes `size` bytes of `source` under `key`, atomic as `commit` (the move job's copies
   * between backends, streamed without a second local copy). Rejects, publishing nothing, when
   * the stream ends with another length or fails.
   */
  commitStream(source: Readable, size: number, key: string): Promise<void>;
  /**
   * Every file under a folder (`videos/5`: not `videos/50`), keys as `read` takes them, sorted;
   * with what tells a rewritten file from the one listed before (mtime locally, ETag on S3).
   */
  listFolder(prefix: string): Promise<FolderEntry[]>;
  /** Size, modification time and (S3) the ETag, or null when absent. */
  stat(key: string): Promise<{ size: number; mtime: Date; etag?: string } | null>;
  /** The first `length` bytes of a key (fewer for a shorter file), or null when absent. */
  readStart(key: string, length: number): Promise<Buffer | null>;
  /**
   * The key's bytes, or `range` of them (a range past the end gives what exists), or null when
   * absent. Once this resolves the stream reads one version of the key, even if a commit
   * replaces it meanwhile (S3: or fails, never mixing old and new bytes). With `etag` (S3: an
   * ETag its `stat` gave), null as well when the key now holds another version, so that a
   * range is read from the version its headers were decided on; the local backend has no ETag.
   */
  read(key: string, range?: ByteRange, options?: { etag?: string }): Promise<Readable | null>;
  /**
   * A URL any client can GET the key's bytes from for `expiresInSeconds`, the store answering
   * with the given headers (S3 only: the local backend throws; its files go through `send`).
   */
  presignRead(key: string, options: PresignedReadOptions): Promise<string>;
  /** Resolves when the storage answers (health checks); throws StorageUnavailableError if not. */
  check(): Promise<void>;
  /**
   * Runs `use` with a local file holding the key's bytes, for ffmpeg: the stored file itself on
   * the local backend, a copy in the scratch folder on S3 (removed once `use` settles, however
   * it does). Throws MissingMediaError when the key holds nothing.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /**
   * The files of the local media folder, for what only a disk does (sending a file from a
   * shared descriptor, measuring the folder): the local backend's own, the routed storage's
   * local side; null for a bucket alone.
   */
  readonly localFiles: LocalMediaFiles | null;
  /**
   * `within`: the open transaction of a caller removing inside one, through which where the
   * key's folder lives is read (PGlite has one connection: a query beside the transaction would
   * wait for it).
   */
  remove(key: string, within?: Executor): Promise<void>;
  /**
   * Removes every key under a prefix (a video's folder: `videos/5` is not `videos/50`);
   * `within`: as for `remove`.
   */
  removePrefix(prefix: string, within?: Executor): Promise<void>;
  /** Removes a temporary file, ignoring a missing one. */
  discardTemp(tempFile: string): Promise<void>;
  /**
   * Removes the temporary files last written before `idleSince` (debris of a crash), and only
   * those: files in use are written continually. Returns what it freed.
   */
  sweepTemporary(idleSince: Date): Promise<{ files: number; bytes: number }>;
}

import { Type, type Static } from '@sinclair/typebox';
import { HealthCheck } from './health.ts';

/** A video whose last encode failed (processing back to 1 with the error recorded). */
export const FailedEncode = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The error recorded on the video by the encode that failed. */
  error: Type.String(),
  /** When its last encode job ended; null once pg-boss archived the job (after 12 hours). */
  failedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type FailedEncode = Static<typeof FailedEncode>;

/** The newest backup recorded by `npm run backup` in DATA_DIR/last-backup.json. */
export const LastBackupInfo = Type.Object({
  folder: Type.String(),
  createdAt: Type.String(),
  files: Type.Integer(),
  bytes: Type.Number(),
  /** The last `--verify` of this folder; null before any. */
  verified: Type.Union([Type.Object({ at: Type.String(), intact: Type.Boolean() }), Type.Null()]),
});
export type LastBackupInfo = Static<typeof LastBackupInfo>;

/** Where a media folder lives: the local disk (DATA_DIR/media) or the S3 bucket. */
export const MediaBackend = Type.Union([Type.Literal('local'), Type.Literal('s3')]);
export type MediaBackend = Static<typeof MediaBackend>;

/** `GET /api/system` (geeks): what a geek checks at a glance. */
export const SystemStatus = Type.Object({
  version: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  uptimeSeconds: Type.Integer(),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  storage: Type.Object({
    /** Bytes of the files under DATA_DIR/media (walked at most once a minute). */
    usedBytes: Type.Number(),
    /** Bytes still writable on the media filesystem, and its size. */
    freeBytes: Type.Number(),
    totalBytes: Type.Number(),
  }),
  encodes: Type.Object({
    waiting: Type.Integer(),
    active: Type.Integer(),
    /** Videos whose last encode failed, newest first (at most 50). */
    failed: Type.Integer(),
    failedVideos: Type.Array(FailedEncode),
  }),
  lastBackup: Type.Union([LastBackupInfo, Type.Null()]),
  /**
   * Published videos by renditions' layout: fragmented with a segment index (adaptive playback,
   * seek previews), or still plain MP4s from before, which a background job converts one at a
   * time (`npm run media -- status|upgrade`). Counted at most once a minute.
   */
  renditions: Type.Object({
    upgraded: Type.Integer(),
    left: Type.Integer(),
    /** A conversion run is going on now. */
    running: Type.Boolean(),
    /** The latest run's last error (a video it could not convert), or null. */
    lastError: Type.Union([Type.String(), Type.Null()]),
  }),
  /** Cuts (« Montage »): running or waiting now, and failed in the last 7 days (see /pending). */
  cuts: Type.Object({
    active: Type.Integer(),
    failed: Type.Integer(),
  }),
  /**
   * Where media live (issue 25): MEDIA_STORAGE's side for new media, the video and direct folders
   * on the disk and in the bucket, and the move between them (`npm run media -- move --to s3|local`).
   */
  mediaStorage: Type.Object({
    newMedia: MediaBackend,
    /** A bucket is configured (the S3_ settings): a move is possible. */
    bucket: Type.Boolean(),
    foldersOnDisk: Type.Integer(),
    foldersInBucket: Type.Integer(),
    /** A move runs now, or is asked for and waits for a worker. */
    running: Type.Boolean(),
    waiting: Type.Boolean(),
    /** Where the running or waiting move goes; null when none. */
    target: Type.Union([MediaBackend, Type.Null()]),
    /** The latest move's last error (a folder it could not move), or null. */
    lastError: Type.Union([Type.String(), Type.Null()]),
  }),
  health: Type.Object({
    database: HealthCheck,
    queue: HealthCheck,
    ffmpeg: Type.Union([Type.Literal('ok'), Type.Literal('missing')]),
  }),
});
export type SystemStatus = Static<typeof SystemStatus>;

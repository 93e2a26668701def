import { execFile } from 'node:child_process';
import { copyFile, open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { locateMediaBinaries, type MediaBinaries } from '../../media-tools/binaries.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import type { TestContext } from '../../test/harness.ts';
import { startEncodeWorker, type EncodeWorker } from './encode-worker.ts';

export interface VideoSeed {
  processing?: number;
  privacy?: number;
  gpaRestricted?: boolean;
  hasThumbnail?: boolean;
  authorId?: number;
}

/** A video row, with `clip` committed as its raw upload (as the media upload route would). */
export const seedVideo = async (
  database: DatabaseHandle,
  storage: MediaStorage,
  clip: string | null,
  seed: VideoSeed = {},
): Promise<number> => {
  const [row] = await database.db
    .insert(videos)
    .values({
      title: 'Gala',
      processing: seed.processing ?? (clip ? 1 : 0),
      privacy: seed.privacy ?? 1,
      gpaRestricted: seed.gpaRestricted ?? false,
      hasThumbnail: seed.hasThumbnail ?? false,
      authorId: seed.authorId ?? null,
    })
    .returning({ id: videos.id });
  const id = row!.id;
  if (clip) {
    const temp = await storage.tempPath('.mp4');
    await copyFile(clip, temp);
    await storage.commit(temp, mediaKeys.raw(id));
  }
  return id;
};

export const videoState = async (database: DatabaseHandle, id: number) => {
  const [row] = await database.db
    .select({
      processing: videos.processing,
      encodingProgress: videos.encodingProgress,
      encodingError: videos.encodingError,
      encodingWait: videos.encodingWait,
      rungs: videos.rungs,
      hasThumbnail: videos.hasThumbnail,
    })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
};

/** Polls the video until `done` holds, failing after `timeoutMs`. */
export const waitForVideo = async (
  database: DatabaseHandle,
  id: number,
  done: (state: NonNullable<Awaited<ReturnType<typeof videoState>>>) => boolean,
  timeoutMs = 90_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await videoState(database, id);
    if (state && done(state)) return state;
    if (Date.now() > deadline) {
      throw new Error(`video ${id} still ${JSON.stringify(state)} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** Top-level MP4 box types in file order (ftyp, moov, mdat, ...), to check faststart. */
export const topLevelBoxes = async (file: string): Promise<string[]> => {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= size && boxes.length < 32) {
      await handle.read(header, 0, 16, offset);
      let length = header.readUInt32BE(0);
      boxes.push(header.toString('latin1', 4, 8));
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      if (length === 0) break;
      offset += length;
    }
    return boxes;
  } finally {
    await handle.close();
  }
};

/** Hash of a file's video packets as stored (no decoding): equal means the same video. */
export const videoPacketsMd5 = async (ffmpeg: string, file: string): Promise<string> =>
  (
    await promisify(execFile)(ffmpeg, [
      ...['-v', 'error', '-i', file],
      ...['-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-'],
    ])
  ).stdout.trim();

/**
 * A real encode worker on the test app's database and storage for the whole file, stopped
 * after it; `binaries` is filled in once it runs.
 */
export const useEncodeWorker = (ctx: TestContext) => {
  const running = { binaries: undefined as unknown as MediaBinaries };
  let jobs: JobQueue | undefined;
  let worker: EncodeWorker | undefined;
  beforeAll(async () => {
    running.binaries = (await locateMediaBinaries({}))!;
    jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
    worker = await startEncodeWorker({
      database: ctx.database,
      storage: ctx.storage,
      config: ctx.config,
      binaries: running.binaries,
      jobs,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await jobs?.stop();
  });
  return running;
};

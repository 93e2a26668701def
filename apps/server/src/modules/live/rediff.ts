import { writeFile } from 'node:fs/promises';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendEncodeJob } from '../../jobs/encode-queue.ts';
import { runFfmpeg } from '../../media-tools/ffmpeg-runner.ts';
import { probeVideo } from '../../media-tools/probe.ts';
import { publishThenRecord } from '../../storage/media-publication.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { liveKeys, type LiveFiles } from './live-files.ts';
import * as repository from './live.repository.ts';
import { rediffJoinArgs, rediffPartList } from './rediff-args.ts';

export interface RediffDeps {
  db: Database;
  storage: MediaStorage;
  /** Where the live's parts are (this machine's disk). */
  files: LiveFiles;
  ffmpeg: string;
  ffprobe: string;
  config: Pick<Config, 'encodeJobTimeoutSeconds'>;
  jobs: JobQueue;
}

export interface RediffRun {
  /** Kills the join (shutdown, timeout): the live stays `ending` for the job's next attempt. */
  signal?: AbortSignal;
  /** 0-99 while the parts are joined. */
  onProgress?: (percent: number) => void;
  /** Each part's seconds, as probed before the join (the log's account of the recording). */
  onParts?: (seconds: number[]) => void;
}

/**
 * Turns an ending live into its REDIFF (the rediff job, rediff-worker.ts): the recording
 * parts, joined without re-encoding, become the raw file of a new video of the direct, in
 * /pending (or queued for encoding when the setting says so), and the live is ended, in one
 * short transaction once the file is stored. Idempotent: a crash or an abort before that
 * transaction leaves the live `ending` (and a stored file listed as unreferenced, for the
 * sweep), and the next attempt does it again from the same parts. Returns the video's id, or
 * null when nothing was recorded.
 */
export const buildRediff = async (
  deps: RediffDeps,
  live: repository.LiveRow,
  { signal, onProgress, onParts }: RediffRun = {},
): Promise<number | null> => {
  const { db, storage } = deps;
  const parts: string[] = [];
  for (let part = 1; part <= live.parts; part += 1) {
    const key = liveKeys.part(live.directId, live.id, part);
    // A part that received nothing (an encoder refused at its first bytes) has no packet.
    if (((await deps.files.disk.stat(key))?.size ?? 0) > 0) parts.push(deps.files.path(key));
  }
  if (parts.length === 0) {
    await repository.markEnded(db, live.id, null);
    return null;
  }
  const list = await storage.tempPath('.txt');
  const joined = await storage.tempPath('.mp4');
  try {
    await writeFile(list, rediffPartList(parts));
    const partSeconds: number[] = [];
    for (const part of parts) {
      partSeconds.push((await probeVideo(deps.ffprobe, part))?.durationSeconds ?? 0);
    }
    onParts?.(partSeconds);
    const durationSeconds = partSeconds.reduce((sum, seconds) => sum + seconds, 0);
    await runFfmpeg(deps.ffmpeg, rediffJoinArgs({ list, output: joined }), {
      signal,
      durationSeconds,
      onProgress,
    });
    const direct = await repository.findDirectForRediff(db, live.directId);
    const { publishRediff } = await repository.readLiveSettings(db);
    const boss = publishRediff ? await deps.jobs.boss() : undefined;
    // The file first, under a new video's id, then the row in a short transaction.
    const videoId = await repository.reserveVideoId(db);
    await publishThenRecord(
      { db, storage },
      { temp: joined, key: mediaKeys.raw(videoId), newName: true },
      async (tx) => {
        await repository.insertRediffVideo(tx, {
          id: videoId,
          title: direct?.title ?? 'REDIFF',
          description: direct?.description ?? '',
          privacy: direct?.privacy ?? 1,
          promotion: direct?.promotion ?? -1,
          gpaRestricted: direct?.gpaRestricted ?? false,
          date: live.startedAt,
          directId: live.directId,
        });
        if (!(await repository.markEnded(tx, live.id, videoId))) {
          throw new Error(`live ${live.id} is no longer ending`);
        }
        if (boss && (await repository.markEncodeQueued(tx, videoId))) {
          await sendEncodeJob(boss, tx, videoId, deps.config);
        }
      },
    );
    return videoId;
  } finally {
    await storage.discardTemp(joined);
    await storage.discardTemp(list);
  }
};

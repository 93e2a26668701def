import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { locateMediaBinaries } from '../../apps/server/src/media-tools/binaries.ts';
import { buildEncodeArgs } from '../../apps/server/src/media-tools/encode-args.ts';
import { runFfmpeg } from '../../apps/server/src/media-tools/ffmpeg-runner.ts';
import { probeVideo } from '../../apps/server/src/media-tools/probe.ts';
import { writeRenditionIndex } from '../../apps/server/src/media-tools/rendition-index.ts';
import { publishRendition } from '../../apps/server/src/media-tools/rendition-publish.ts';
import { renditionSeconds } from '../../apps/server/src/media-tools/video-duration.ts';
import type { MediaStorage } from '../../apps/server/src/storage/media-storage.ts';

/** The bench's video: 5 minutes of a test pattern, its 240p rung encoded as Plateau encodes. */
export const CLIP_SECONDS = 300;
const RUNG = 240;
const home = path.join(os.tmpdir(), 'plateau-bench-stats');
const clipFile = path.join(home, `clip-${CLIP_SECONDS}s-${RUNG}.mp4`);

/** Made once (about 20 s) and kept in $TMPDIR/plateau-bench-stats. */
const ensureClip = async (): Promise<string> => {
  if (existsSync(clipFile)) return clipFile;
  const binaries = await locateMediaBinaries({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  if (!binaries) throw new Error('no working ffmpeg/ffprobe: the bench needs one to make its clip');
  mkdirSync(home, { recursive: true });
  const source = path.join(home, `source.${process.pid}.mp4`);
  const partial = `${clipFile}.${process.pid}.partial.mp4`;
  console.log(`[bench] making the bench's ${CLIP_SECONDS} s clip (once)...`);
  try {
    execFileSync(binaries.ffmpeg, [
      ...['-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=426x240:rate=25:duration=${CLIP_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-c:a', 'aac', source],
    ]);
    const probe = await probeVideo(binaries.ffprobe, source);
    if (!probe) throw new Error('the source clip cannot be probed');
    await runFfmpeg(
      binaries.ffmpeg,
      buildEncodeArgs(source, probe, [{ rung: RUNG, file: partial }]),
    );
    renameSync(partial, clipFile);
  } finally {
    rmSync(source, { force: true });
    rmSync(partial, { force: true });
  }
  return clipFile;
};

/**
 * Publishes the clip as video `id`'s only rendition (version 0), with its index, as an encode
 * leaves it; answers how long it plays as the statistics read it (from the index).
 */
export const publishClip = async (storage: MediaStorage, id: number): Promise<number> => {
  const file = await storage.tempPath('.mp4');
  await copyFile(await ensureClip(), file);
  const index = await writeRenditionIndex(storage, { rung: RUNG, file }, '.index.json');
  await publishRendition(storage, id, { rung: RUNG, file }, index, 0);
  const seconds = await renditionSeconds(storage, { id, rungs: [RUNG], mediaVersion: 0 });
  if (seconds === null) throw new Error(`video ${id}: its rendition index cannot be read`);
  return seconds;
};

export const CLIP_RUNGS = [RUNG];

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { clipsDir } from '../../test/clips.ts';
import type { TestContext } from '../../test/harness.ts';

const run = promisify(execFile);
const ffmpeg = () => process.env.FFMPEG_PATH || 'ffmpeg';

export interface OldRung {
  rung: 480 | 240;
  /** Keyframes where an old copy of a camera file had them: irregular, not every 2 s. */
  irregular?: boolean;
}

const WIDTHS = { 480: 854, 240: 426 } as const;

/**
 * A rendition as encodes wrote them before renditions were fragmented: H.264 with keyframes
 * every 2 s (or irregular ones), AAC, `+faststart`, one plain MP4; cached beside the clips.
 */
export const oldRendition = async ({ rung, irregular = false }: OldRung, seconds: number) => {
  const file = path.join(
    clipsDir,
    `old-layout-${rung}-${irregular ? 'irr' : 'gop'}-${seconds}s.mp4`,
  );
  if (existsSync(file)) return file;
  await mkdir(clipsDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial.mp4`;
  const keyframes = irregular
    ? ['-g', '1000', '-force_key_frames', '0,1.3,4.1,4.9,8.2,11']
    : ['-g', '60', '-keyint_min', '60', '-sc_threshold', '0'];
  await run(ffmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${WIDTHS[rung]}x${rung}:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p'],
    ...keyframes,
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-map_metadata', '-1'],
    ...['-movflags', '+faststart', partial],
  ]);
  await rename(partial, file);
  return file;
};

/** A published video whose renditions are in the old layout: no index, no storyboard. */
export const seedOldLayoutVideo = async (
  ctx: TestContext,
  rungs: OldRung[],
  { seconds = 12, processing = 3 }: { seconds?: number; processing?: number } = {},
): Promise<number> => {
  const [row] = await ctx.database.db
    .insert(videos)
    .values({ title: 'Gala', processing, privacy: 0 })
    .returning({ id: videos.id });
  const id = row!.id;
  for (const rung of rungs) {
    const temp = await ctx.storage.tempPath('.mp4');
    await copyFile(await oldRendition(rung, seconds), temp);
    await ctx.storage.commit(temp, mediaKeys.rung(id, rung.rung));
  }
  // Listed once their files are there, as an encode publishes them.
  await ctx.database.db
    .update(videos)
    .set({ rungs: rungs.map((rung) => rung.rung) })
    .where(eq(videos.id, id));
  return id;
};

/**
 * The checksum of every decoded frame of a file's first video or audio stream (ffmpeg's
 * framemd5, the hashes only: timestamps may shift by an edit list, pictures may not).
 */
export const decodedFrames = async (file: string, stream: 'v' | 'a'): Promise<string[]> => {
  const { stdout } = await run(
    ffmpeg(),
    ['-v', 'error', '-i', file, '-map', `0:${stream}:0`, '-f', 'framemd5', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)!.trim());
};

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { videos } from '../../db/schema.ts';
import { buildRemuxArgs } from '../../media-tools/remux-args.ts';
import { writeRenditionIndex } from '../../media-tools/rendition-index.ts';
import { publishRendition } from '../../media-tools/rendition-publish.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { flashBeepInputs } from '../../test/av-sync.ts';
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
 * every 2 s (or irregular ones), AAC, `+faststart`, one plain MP4, the sound on the picture
 * through its edit lists (a sync test card: `flashBeepInputs`); cached beside the clips.
 */
export const oldRendition = async ({ rung, irregular = false }: OldRung, seconds: number) => {
  const file = path.join(
    clipsDir,
    `old-layout-${rung}-${irregular ? 'irr' : 'gop'}-${seconds}s-flash.mp4`,
  );
  if (existsSync(file)) return file;
  await mkdir(clipsDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial.mp4`;
  const keyframes = irregular
    ? ['-g', '1000', '-sc_threshold', '0', '-force_key_frames', '0,1.3,4.1,4.9,8.2,11']
    : ['-g', '60', '-keyint_min', '60', '-sc_threshold', '0'];
  await run(ffmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...flashBeepInputs({ width: WIDTHS[rung], height: rung, fps: 30, sampleRate: 44_100, seconds }),
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
    await ctx.storage.commit(temp, mediaKeys.rung(id, rung.rung, 0));
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

/**
 * A published video of one 240 rung as encodes wrote it before the sound was delayed onto the
 * picture: fragmented and indexed, its sound two frames less AAC's priming ahead (the old
 * rendition above copied into the new layout, as conversions did until then).
 */
export const seedSoundAheadVideo = async (ctx: TestContext, seconds = 12): Promise<number> => {
  const [row] = await ctx.database.db
    .insert(videos)
    .values({ title: 'Concert', processing: 3, privacy: 0 })
    .returning({ id: videos.id });
  const id = row!.id;
  const file = await ctx.storage.tempPath('.mp4');
  const plain = await oldRendition({ rung: 240 }, seconds);
  await run(ffmpeg(), buildRemuxArgs(plain, file, { hasAudio: true, readrate: 0 }));
  const written = await writeRenditionIndex(ctx.storage, { rung: 240, file }, '.index.json');
  const { soundOnPicture, ...before } = JSON.parse(await readFile(written, 'utf8')) as {
    soundOnPicture?: true;
  };
  expect(soundOnPicture).toBe(true);
  await writeFile(written, JSON.stringify(before));
  await publishRendition(ctx.storage, id, { rung: 240, file }, written, 0);
  await ctx.database.db
    .update(videos)
    .set({ rungs: [240] })
    .where(eq(videos.id, id));
  return id;
};

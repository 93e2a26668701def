import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import { buildEncodeArgs, type Rung } from '../../media-tools/encode-args.ts';
import { runFfmpeg } from '../../media-tools/ffmpeg-runner.ts';
import { probeVideo } from '../../media-tools/probe.ts';
import { writeRenditionIndex } from '../../media-tools/rendition-index.ts';
import { publishRendition } from '../../media-tools/rendition-publish.ts';
import { publishStoryboardOf } from '../../media-tools/storyboard-publish.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { numberedCardInputs } from '../../test/av-sync.ts';
import { clipsDir } from '../../test/clips.ts';
import type { TestContext } from '../../test/harness.ts';
import { testTmpDir } from '../../test/test-env.ts';
import { saveCaption } from './captions.repository.ts';
import { replaceChapters } from './chapters.repository.ts';

const run = promisify(execFile);
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH || 'ffprobe';
export const CARD_RUNGS = [480, 240] as const;
/** The numbered card's frame rate: frame n shows at n / 25 s (plus the B-frame delay). */
export const CARD_FPS = 25;
const quiet = { info: () => {}, warn: () => {} };

/**
 * 20 s of the numbered card (each frame's number drawn in it, a flash and beep every 2 s)
 * encoded into two rungs as the encode does; made once, kept beside the clips.
 */
const cardRenditions = async (): Promise<Record<number, string>> => {
  const folder = path.join(clipsDir, 'numbered-card-20s');
  const files = Object.fromEntries(
    CARD_RUNGS.map((rung) => [rung, path.join(folder, `${rung}.mp4`)]),
  );
  if (CARD_RUNGS.every((rung) => existsSync(files[rung]!))) return files;
  const partial = `${folder}.${process.pid}.partial`;
  await mkdir(partial, { recursive: true });
  const card = path.join(partial, 'card.mov');
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...numberedCardInputs({
      width: 854,
      height: 480,
      fps: CARD_FPS,
      sampleRate: 48_000,
      seconds: 20,
    }),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-c:a', 'pcm_s16le', card],
  ]);
  const probe = (await probeVideo(ffprobe, card))!;
  const outputs = CARD_RUNGS.map((rung) => ({ rung, file: path.join(partial, `${rung}.mp4`) }));
  await runFfmpeg(ffmpeg, buildEncodeArgs(card, probe, outputs));
  await rm(card);
  await rename(partial, folder).catch(async () => rm(partial, { recursive: true, force: true }));
  return files;
};

/**
 * A published video of the numbered card in two indexed rungs, with its storyboard, a French
 * caption (one cue a second, saying its second) and three chapters: what an encode leaves.
 */
export const seedCardVideo = async (ctx: TestContext): Promise<number> => {
  const [row] = await ctx.database.db
    .insert(videos)
    .values({ title: 'Gala', processing: 3, privacy: 0 })
    .returning({ id: videos.id });
  const id = row!.id;
  const files = await cardRenditions();
  for (const rung of CARD_RUNGS) {
    const file = await ctx.storage.tempPath('.mp4');
    await copyFile(files[rung]!, file);
    const index = await writeRenditionIndex(ctx.storage, { rung, file }, '.index.json');
    await publishRendition(ctx.storage, id, { rung: rung as Rung, file }, index, 0);
  }
  const binaries = { ffmpeg, ffprobe };
  await publishStoryboardOf(
    { storage: ctx.storage, binaries, log: quiet },
    { videoId: id, version: 0 },
    mediaKeys.rung(id, 240, 0),
  );
  const cues = Array.from(
    { length: 20 },
    (_, second) =>
      `00:00:${String(second).padStart(2, '0')}.000 --> 00:00:${String(second).padStart(2, '0')}.900\nSeconde ${second}`,
  );
  const vtt = await ctx.storage.writeTemp(Readable.from([`WEBVTT\n\n${cues.join('\n\n')}\n`]));
  await ctx.storage.commit(vtt, mediaKeys.caption(id, 'fr', 0));
  await saveCaption(ctx.database.db, id, 'fr');
  await replaceChapters(ctx.database.db, id, [
    { startMs: 0, title: 'Accueil' },
    { startMs: 6000, title: 'Acte I' },
    { startMs: 14_000, title: 'Acte II' },
  ]);
  await ctx.database.db
    .update(videos)
    .set({ rungs: [...CARD_RUNGS] })
    .where(eq(videos.id, id));
  return id;
};

/** A rung as a player gets it (`query`: `?v=` as a manifest names it), saved to read its frames. */
export const servedRung = async (
  ctx: TestContext,
  auth: { authorization: string },
  id: number,
  rung: number,
  query = '',
) => {
  const response = await ctx.app.inject({
    url: `/api/media/video/${id}/${rung}${query}`,
    headers: auth,
  });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  const file = path.join(testTmpDir, `trim-${id}-${rung}-${process.hrtime.bigint()}.mp4`);
  await writeFile(file, response.rawPayload);
  return file;
};

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { locateMediaBinaries } from '../apps/server/src/media-tools/binaries.ts';
import {
  buildEncodeArgs,
  planRungs,
  type RungOutput,
} from '../apps/server/src/media-tools/encode-args.ts';
import { runFfmpeg } from '../apps/server/src/media-tools/ffmpeg-runner.ts';
import { probeVideo } from '../apps/server/src/media-tools/probe.ts';
import { framesOf, type KeptRange } from '../apps/server/src/media-tools/trim-plan.ts';
import {
  cutRendition,
  extractSound,
  readCutSource,
  readRenditionFrames,
} from '../apps/server/src/media-tools/trim-rendition.ts';
import { createWorkPool } from '../apps/server/src/media-tools/work-pool.ts';
import type { CutSource } from '../apps/server/src/media-tools/trim-args.ts';
import { numberedCardInputs, readFrameNumbers } from '../apps/server/src/test/av-sync.ts';
import { measure } from './encode/measure.ts';

/**
 * `npm run bench:trim -- [--minutes=N]`: a video of N minutes (20) of 1080p30 in its four rungs,
 * two ranges kept (the start cut, an interval removed, every cut inside a GOP), three ways in one
 * run: Plateau's cut (whole GOPs copied, the edges re-encoded), (a) a full re-encode of the kept
 * parts into the same rungs (what PeerTube's studio does), (b) `ffmpeg -c copy` between the
 * keyframes nearest the cuts (LosslessCut's lossless mode). Prints wall time, CPU seconds, bytes
 * written and how many frames off each cut lands. The source and its renditions are made once
 * and kept in $TMPDIR/plateau-trim-bench (`--fresh` makes them again).
 */
const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const minutes = Number(option('minutes', '20'));
const seconds = minutes * 60;
const BITS = 16;
const binaries = await locateMediaBinaries({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
if (!binaries) throw new Error('no working ffmpeg/ffprobe');
const { ffmpeg, ffprobe } = binaries;

const home = path.join(os.tmpdir(), 'plateau-trim-bench', `${minutes}min`);
if (process.argv.includes('--fresh')) rmSync(home, { recursive: true, force: true });
mkdirSync(home, { recursive: true });
const work = path.join(home, 'out');
rmSync(work, { recursive: true, force: true });
mkdirSync(work);

/** The numbered card over a busy test pattern, then Plateau's encode into every rung. */
const prepare = async () => {
  const source = path.join(home, 'source.mp4');
  if (!existsSync(source)) {
    console.log(`making ${minutes} min of 1080p30 (once)...`);
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-y'],
      ...numberedCardInputs(
        { width: 1920, height: 1080, fps: 30, sampleRate: 48_000, seconds },
        { bits: BITS, picture: 'testsrc2' },
      ),
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '16', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '192k', `${source}.partial.mp4`],
    ]);
    execFileSync('mv', [`${source}.partial.mp4`, source]);
  }
  const probe = (await probeVideo(ffprobe, source))!;
  const outputs = planRungs(probe).map((rung) => ({
    rung,
    file: path.join(home, `${rung}.mp4`),
  }));
  if (!outputs.every((output) => existsSync(output.file))) {
    console.log('encoding the four rungs (once)...');
    await runFfmpeg(ffmpeg, buildEncodeArgs(source, probe, outputs));
  }
  return { source, probe, outputs };
};

const { source, probe, outputs } = await prepare();
const sources = new Map<number, CutSource>();
for (const output of outputs)
  sources.set(output.rung, (await readCutSource(ffprobe, output.file))!);
const frames = sources.get(240)!;
const at = (share: number, plus: number) => {
  const [index] = framesOf(frames, { start: seconds * share + plus, end: seconds });
  return frames.pts[index]!;
};
/** The show from 12.5 % in, an interval from 45 % to 55 %, the end before 95 %: inside GOPs. */
const ranges: KeptRange[] = [
  { start: at(0.125, 0.37), end: at(0.45, 0.61) },
  { start: at(0.55, 0.13), end: at(0.95, -0.29) },
];
const chosen = ranges.map((range) => framesOf(frames, range));
const bytesOf = (files: string[]) => files.reduce((sum, file) => sum + statSync(file).size, 0);

/**
 * Frames between what each cut should show and what it shows: the numbers drawn in every frame
 * of the 240 rung (cheap to decode), split into runs of consecutive frames, against the ranges.
 */
const frameError = async (file: string) => {
  const numbers = await readFrameNumbers(file, { bits: BITS });
  const runs: [number, number][] = [];
  for (const [index, n] of numbers.entries()) {
    if (index > 0 && n === numbers[index - 1]! + 1) runs.at(-1)![1] = n;
    else runs.push([n, n]);
  }
  if (runs.length !== chosen.length) return Number.NaN;
  return Math.max(
    ...runs.flatMap(([first, last], i) => [
      Math.abs(first - chosen[i]![0]),
      Math.abs(last - (chosen[i]![1] - 1)),
    ]),
  );
};

interface Row {
  way: string;
  wall: number;
  cpu: number;
  bytes: number;
  framesOff: number;
}
const rows: Row[] = [];
const fps = probe.frameRate;

/**
 * Plateau's cut as the trim job runs it: each rung's frames read, the sound taken once, every
 * rung cut (its edges re-encoded, its GOPs copied). `now`: frames read from the fMP4 boxes,
 * every rung's edges side by side in one pool of the cores' count (the best rung's first), each
 * rung's copying pass as soon as its edges are done, the sound extracted meanwhile; `before`:
 * ffprobe of every packet, one ffmpeg at a time.
 */
const plateau = async (way: string, now: boolean) => {
  const files = outputs.map((output) =>
    path.join(work, `plateau-${now ? 'now' : 'before'}-${output.rung}.mp4`),
  );
  const sound: { file: string; sampleRate: number; ready?: Promise<unknown> } = {
    file: path.join(work, `sound-${now}.m4a`),
    sampleRate: probe.audioSampleRate,
  };
  const pool = createWorkPool(now ? os.availableParallelism() : 1);
  const cutRung = async (output: (typeof outputs)[number], index: number) => {
    const read = now ? readRenditionFrames : readCutSource;
    const source = (await read(ffprobe, output.file))!;
    await cutRendition({
      ffmpeg,
      rung: output.rung,
      file: output.file,
      source,
      frameRate: fps,
      sound,
      ranges,
      scratch: async (name) => path.join(work, `scratch-${now}-${output.rung}-${name}`),
      output: files[index]!,
      pool,
      rank: index,
    });
  };
  const { wall, cpu } = await measure(async () => {
    sound.ready = extractSound(ffmpeg, outputs.at(-1)!.file, sound.file);
    if (now) await Promise.all(outputs.map(cutRung));
    else {
      await sound.ready;
      for (const [index, output] of outputs.entries()) await cutRung(output, index);
    }
  });
  const off = await frameError(files.at(-1)!);
  rows.push({ way, wall, cpu, bytes: bytesOf(files), framesOff: off });
};
await plateau('Plateau before (ffprobe per rung, one edge at a time)', false);
await plateau('Plateau now (boxes read, edges side by side)', true);

// (a) The kept parts decoded from the source and encoded again into every rung (minutes:
// `--no-reencode` leaves it out while trying changes to the cut).
if (!process.argv.includes('--no-reencode')) {
  const files: RungOutput[] = outputs.map((output) => ({
    rung: output.rung,
    file: path.join(work, `reencode-${output.rung}.mp4`),
  }));
  const args = buildEncodeArgs(source, probe, files);
  // The renditions show their first picture two frames in (B-frames), the source at its own.
  const shift = frames.pts[0]! - (await readCutSource(ffprobe, source))!.pts[0]!;
  const trims = ranges
    .map((range, i) => {
      const [start, end] = [range.start - shift, range.end - shift];
      return (
        `[x${i}]trim=start=${start}:end=${end},setpts=PTS-STARTPTS[p${i}];` +
        `[y${i}]atrim=start=${start}:end=${end},asetpts=PTS-STARTPTS[q${i}]`
      );
    })
    .join(';');
  const cut =
    `[0:v:0]split=2[x0][x1];[0:a:0]asplit=2[y0][y1];${trims};` +
    `[p0][q0][p1][q1]concat=n=2:v=1:a=1[kv][ka0];`;
  // The sound's delay onto the picture joins the graph (a mapped graph output takes no -af).
  const [, align] = args.splice(args.indexOf('-filter:a'), 2);
  const graph = args.indexOf('-filter_complex') + 1;
  args[graph] = `${cut}[ka0]${align}[ka];${args[graph]!.replace('[0:v:0]', '[kv]')}`;
  args[args.indexOf('0:a:0')] = '[ka]';
  const { wall, cpu } = await measure(() => runFfmpeg(ffmpeg, args));
  const off = await frameError(files.at(-1)!.file);
  rows.push({
    way: '(a) full re-encode of the kept parts',
    wall,
    cpu,
    bytes: bytesOf(files.map((f) => f.file)),
    framesOff: off,
  });
}

// (b) Stream copy between the keyframes nearest each cut: fast, not frame-accurate.
{
  const nearest = (time: number) =>
    frames.keyframes
      .map((index) => frames.pts[index]!)
      .reduce((best, key) => (Math.abs(key - time) < Math.abs(best - time) ? key : best));
  const files = outputs.map((output) => path.join(work, `copy-${output.rung}.mp4`));
  const { wall, cpu } = await measure(async () => {
    for (const [index, output] of outputs.entries()) {
      const list = path.join(work, `copy-${output.rung}.ffconcat`);
      writeFileSync(
        list,
        [
          'ffconcat version 1.0',
          ...ranges.flatMap((range) => [
            `file '${output.file}'`,
            `inpoint ${nearest(range.start)}`,
            `outpoint ${nearest(range.end)}`,
          ]),
        ].join('\n'),
      );
      await runFfmpeg(ffmpeg, [
        ...['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
        ...['-c', 'copy', '-movflags', '+faststart', files[index]!],
      ]);
    }
  });
  const off = await frameError(files.at(-1)!);
  rows.push({
    way: '(b) -c copy at the nearest keyframes',
    wall,
    cpu,
    bytes: bytesOf(files),
    framesOff: off,
  });
}

const kept = chosen.reduce((sum, [first, end]) => sum + end - first, 0) / fps;
console.log(
  `\n${minutes} min of 1080p30 in ${outputs.length} rungs (${outputs.map((o) => o.rung).join('/')}), ` +
    `${kept.toFixed(1)} s kept in 2 ranges; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`,
);
console.log('| way | wall | CPU | written | frames off at the cuts |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.way} | ${row.wall.toFixed(1)} s | ${row.cpu.toFixed(1)} s | ${(row.bytes / 1e6).toFixed(0)} MB | ${row.framesOff} |`,
  );
}
const copy = rows.at(-1)!;
const reencode = rows.find((row) => row.way.startsWith('(a)'));
for (const row of rows.slice(0, 2)) {
  console.log(
    `${row.way}: ${reencode ? `${(reencode.wall / row.wall).toFixed(1)}x faster than (a), ` : ''}` +
      `${(row.wall / copy.wall).toFixed(2)}x the time of (b).`,
  );
}

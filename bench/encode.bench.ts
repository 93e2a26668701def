import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildEncodeArgs,
  planRungs,
  type RungOutput,
} from '../apps/server/src/media-tools/encode-args.ts';
import { locateMediaBinaries } from '../apps/server/src/media-tools/binaries.ts';
import { runFfmpeg } from '../apps/server/src/media-tools/ffmpeg-runner.ts';
import { probeVideo } from '../apps/server/src/media-tools/probe.ts';

/**
 * `npm run bench:encode -- [--seconds=N]`: Plateau's one-pass encode (decode once, split into
 * every rung) next to the reference of one ffmpeg run per rung with the same per-rung settings,
 * on a 1080p clip made with lavfi. Prints wall time, CPU time and output sizes.
 */
const seconds = Number(
  process.argv.find((a) => a.startsWith('--seconds='))?.slice('--seconds='.length) ?? 20,
);
const binaries = await locateMediaBinaries({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
if (!binaries) throw new Error('no working ffmpeg/ffprobe');
const dir = mkdtempSync(path.join(os.tmpdir(), 'plateau-encode-bench-'));
const source = path.join(dir, 'source.mp4');
// A busy 1080p30 picture with stereo sound, encoded near-losslessly so decoding it costs as a
// camera file would.
execFileSync(binaries.ffmpeg, [
  '-v',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=1920x1080:rate=30:duration=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:duration=${seconds}`,
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-crf',
  '12',
  '-c:a',
  'aac',
  '-shortest',
  source,
]);
const probe = (await probeVideo(binaries.ffprobe, source))!;
const rungs = planRungs(probe);

/** Wall and CPU seconds of the ffmpeg children started by `work`. */
const measure = async (work: () => Promise<void>) => {
  const childBefore = childCpu();
  const start = process.hrtime.bigint();
  await work();
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  return { wall, cpu: childCpu() - childBefore };
};
/** CPU seconds of finished children of this process (from /proc, as `time` reports them). */
function childCpu(): number {
  const stat = execFileSync('cat', [`/proc/${process.pid}/stat`]).toString();
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]); // cutime + cstime
  return ticks / 100;
}

const sizes = (outputs: RungOutput[]) =>
  outputs.map((o) => `${o.rung}: ${(statSync(o.file).size / 1e6).toFixed(1)} MB`).join(', ');

const onePassOutputs = rungs.map((rung) => ({ rung, file: path.join(dir, `one-${rung}.mp4`) }));
const onePass = await measure(() =>
  runFfmpeg(binaries.ffmpeg, buildEncodeArgs(source, probe, onePassOutputs), {
    durationSeconds: probe.durationSeconds,
  }),
);

const perRungOutputs = rungs.map((rung) => ({ rung, file: path.join(dir, `per-${rung}.mp4`) }));
const perRung = await measure(async () => {
  // The reference: the same settings for each rung, but a decode of the source per rung.
  for (const output of perRungOutputs) {
    await runFfmpeg(binaries.ffmpeg, buildEncodeArgs(source, probe, [output]), {
      durationSeconds: probe.durationSeconds,
    });
  }
});

console.log(
  `\n${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${binaries.version}\n` +
    `source: ${probe.width}x${probe.height} ${probe.frameRate} fps, ${probe.durationSeconds} s, rungs ${rungs.join('/')}\n`,
);
console.log('| encode | wall s | CPU s | realtime factor | outputs |');
console.log('|---|--:|--:|--:|---|');
for (const [name, run, outputs] of [
  ['Plateau: one pass, split', onePass, onePassOutputs],
  ['reference: one ffmpeg per rung', perRung, perRungOutputs],
] as const) {
  console.log(
    `| ${name} | ${run.wall.toFixed(1)} | ${run.cpu.toFixed(1)} | ${(probe.durationSeconds / run.wall).toFixed(2)}x | ${sizes(outputs)} |`,
  );
}
rmSync(dir, { recursive: true, force: true });

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { locateMediaBinaries } from '../apps/server/src/media-tools/binaries.ts';
import {
  buildEncodeArgs,
  planRungs,
  type RungOutput,
} from '../apps/server/src/media-tools/encode-args.ts';
import { runFfmpeg } from '../apps/server/src/media-tools/ffmpeg-runner.ts';
import { probeVideo, type ProbeResult } from '../apps/server/src/media-tools/probe.ts';
import { decideTopRungCopy } from '../apps/server/src/media-tools/video-copy.ts';
import { makeBenchClip, type BenchClip } from './encode/clips.ts';
import { measure, ssimAgainstSource } from './encode/measure.ts';

/**
 * `npm run bench:encode -- [--seconds=N]`: Plateau's encode (one decode, one shared AAC encode,
 * the top rung copied when the source fits it) next to the reference of one ffmpeg run per rung
 * re-encoding everything with the same per-rung settings, on two 1080p30 clips: one that fits
 * the 1080 rung (copied) and one that does not (CRF 12, sparse keyframes). Prints wall, CPU,
 * real-time factor, SSIM of each rung against the source scaled to it, and sizes; `--runs=N`
 * (3) alternating runs of each, medians, since the machine is shared.
 */
const seconds = Number(
  process.argv.find((a) => a.startsWith('--seconds='))?.slice('--seconds='.length) ?? 20,
);
const runs = Number(
  process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3,
);
const binaries = await locateMediaBinaries({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});
if (!binaries) throw new Error('no working ffmpeg/ffprobe');
const dir = mkdtempSync(path.join(os.tmpdir(), 'plateau-encode-bench-'));

interface Row {
  clip: string;
  encode: string;
  wall: number;
  walls: number[];
  cpu: number;
  outputs: RungOutput[];
}

const outputsFor = (name: string, probe: ProbeResult) =>
  planRungs(probe).map((rung) => ({ rung, file: path.join(dir, `${name}-${rung}.mp4`) }));

/** What the server does: decide the copy (ffprobe packet scan), then one ffmpeg. */
const plateauEncode = async (
  source: string,
  probe: ProbeResult,
  outputs: RungOutput[],
  copy: boolean,
) => {
  const verdict = copy
    ? await decideTopRungCopy(binaries.ffprobe, source, probe, outputs[0]!.rung)
    : { copy: false as const, reason: 'copy off' };
  await runFfmpeg(
    binaries.ffmpeg,
    buildEncodeArgs(source, probe, outputs, { copyTopRung: verdict.copy }),
  );
  return verdict;
};

/** The reference: one ffmpeg per rung, each decoding the source and encoding its own audio. */
const perRungEncode = async (source: string, probe: ProbeResult, outputs: RungOutput[]) => {
  for (const output of outputs) {
    await runFfmpeg(binaries.ffmpeg, buildEncodeArgs(source, probe, [output]));
  }
};

const rows: Row[] = [];
const loads: string[] = [];
const verdicts: string[] = [];
const sources = new Map<string, { file: string; probe: ProbeResult }>();
const clips: [BenchClip, string][] = [
  ['fits', 'fits 1080 (x264 faster CRF 20, 4.5 Mbit/s cap, 2 s GOP)'],
  ['camera', 'camera-like (x264 CRF 12, 250-frame GOP)'],
];
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const [kind, label] of clips) {
  const file = path.join(dir, `source-${kind}.mp4`);
  makeBenchClip(binaries.ffmpeg, kind, seconds, file);
  const probe = (await probeVideo(binaries.ffprobe, file))!;
  sources.set(label, { file, probe });
  const verdict = await decideTopRungCopy(binaries.ffprobe, file, probe, planRungs(probe)[0]!);
  const fits = verdict.copy;
  verdicts.push(`${label}: ${verdict.copy ? 'top rung copied' : `re-encoded (${verdict.reason})`}`);
  if ((kind === 'fits') !== fits) throw new Error(`unexpected copy verdict for ${kind}`);

  const variants: [string, (outputs: RungOutput[]) => Promise<unknown>][] = [
    ['Plateau', (outputs) => plateauEncode(file, probe, outputs, true)],
    ...(fits
      ? [
          [
            'Plateau, copy off (shared audio only)',
            (outputs: RungOutput[]) => plateauEncode(file, probe, outputs, false),
          ] as [string, (outputs: RungOutput[]) => Promise<unknown>],
        ]
      : []),
    ['reference: one ffmpeg per rung', (outputs) => perRungEncode(file, probe, outputs)],
  ];
  const samples = variants.map(() => [] as { wall: number; cpu: number }[]);
  const outputs = variants.map((_, index) => outputsFor(`${kind}-${index}`, probe));
  loads.push(loadAverage());
  // Rounds alternate the order, so load from other work on the machine falls on every variant.
  for (let round = 0; round < runs; round += 1) {
    const order = variants.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      samples[index]!.push(
        await measure(async () => void (await variants[index]![1](outputs[index]!))),
      );
    }
  }
  loads.push(loadAverage());
  variants.forEach(([name], index) => {
    const walls = samples[index]!.map((s) => s.wall);
    rows.push({
      clip: label,
      encode: name,
      wall: median(walls),
      walls,
      cpu: median(samples[index]!.map((s) => s.cpu)),
      outputs: outputs[index]!,
    });
  });
}

/** SSIM is measured after every timing, so it never competes with an encode. */
const ssims = new Map<Row, number[]>();
for (const row of rows) {
  const source = sources.get(row.clip)!;
  const sized = await Promise.all(
    row.outputs.map(async (o) => {
      const p = (await probeVideo(binaries.ffprobe, o.file))!;
      return { file: o.file, width: p.width, height: p.height };
    }),
  );
  ssims.set(row, await ssimAgainstSource(binaries.ffmpeg, source.file, sized));
}

console.log(
  `\n${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${binaries.version}\n` +
    `${seconds} s 1920x1080 30 fps clips, ${runs} alternating runs of each encode (median; all walls in brackets)\n` +
    `load average (1/5/15 min) before and after each clip's runs: ${loads.join(' | ')}\n` +
    verdicts.map((v) => `- ${v}`).join('\n') +
    '\n',
);
console.log(
  '| clip | encode | wall s | CPU s | cores used | realtime factor | vs per-rung | SSIM 1080/720/480/240 | MB 1080/720/480/240 |',
);
console.log('|---|---|--:|--:|--:|--:|--:|---|---|');
for (const row of rows) {
  const reference = rows.find((r) => r.clip === row.clip && r.encode.startsWith('reference'))!;
  const mb = row.outputs.map((o) => (statSync(o.file).size / 1e6).toFixed(1)).join(' / ');
  console.log(
    `| ${row.clip} | ${row.encode} | ${row.wall.toFixed(1)} [${row.walls.map((w) => w.toFixed(1)).join(', ')}] | ` +
      `${row.cpu.toFixed(1)} | ${(row.cpu / row.wall).toFixed(2)} | ` +
      `${(seconds / row.wall).toFixed(2)}x | ${(reference.wall / row.wall).toFixed(2)}x | ` +
      `${ssims
        .get(row)!
        .map((s) => s.toFixed(4))
        .join(' / ')} | ${mb} |`,
  );
}
rmSync(dir, { recursive: true, force: true });

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** CPU seconds of the finished children of this process (from /proc, as `time` reports them). */
const childCpu = (): number => {
  const stat = readFileSync(`/proc/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in ticks
};

/** Wall and CPU seconds of the children (ffmpeg, ffprobe) started by `work`. */
export const measure = async (work: () => Promise<void>) => {
  const cpuBefore = childCpu();
  const start = process.hrtime.bigint();
  await work();
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  return { wall, cpu: childCpu() - cpuBefore };
};

export interface SizedFile {
  file: string;
  width: number;
  height: number;
}

/**
 * SSIM ("All", 1 = identical) of each file against the source scaled to its size with the same
 * scaler the encoder uses: one ffmpeg decodes the source once for every comparison.
 */
export const ssimAgainstSource = async (
  ffmpeg: string,
  source: string,
  files: SizedFile[],
): Promise<number[]> => {
  const graph = [
    `[0:v]split=${files.length}${files.map((_, i) => `[a${i}]`).join('')}`,
    ...files.map(
      (f, i) =>
        `[a${i}]scale=${f.width}:${f.height},format=yuv420p[r${i}];` +
        `[${i + 1}:v]format=yuv420p[d${i}];[d${i}][r${i}]ssim@out${i}[o${i}]`,
    ),
  ].join(';');
  const { stderr } = await run(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-i', source],
      ...files.flatMap((f) => ['-i', f.file]),
      ...['-filter_complex', graph],
      ...files.flatMap((_, i) => ['-map', `[o${i}]`]),
      ...['-f', 'null', '-'],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return files.map((_, i) => {
    const match = new RegExp(`\\[ssim@out${i} @ [^\\]]+\\] SSIM .* All:([0-9.]+)`).exec(stderr);
    if (!match) throw new Error(`no SSIM for output ${i}`);
    return Number(match[1]);
  });
};

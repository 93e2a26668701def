import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Loudness } from '@plateau/contract';

/** One level every half second: a gala's silence, then its applause, read at a glance. */
export const LOUDNESS_INTERVAL = 0.5;
/** Quieter than this is silence (0); 0 dBFS is 100. */
const FLOOR_DB = -60;
const RATE = 8000;

/** A level from an RMS in dBFS (`-inf` for digital silence). */
export const loudnessLevel = (db: number) =>
  Number.isFinite(db) ? Math.round(Math.min(1, Math.max(0, 1 - db / FLOOR_DB)) * 100) : 0;

/**
 * The sound's loudness along a file: its first audio stream decoded, resampled and measured
 * (RMS) every LOUDNESS_INTERVAL seconds. No sound: no levels. Null when ffmpeg fails.
 */
export const measureLoudness = async (
  ffmpeg: string,
  file: string,
  signal?: AbortSignal,
): Promise<Loudness | null> => {
  const filter = [
    `aresample=${RATE}`,
    `asetnsamples=n=${RATE * LOUDNESS_INTERVAL}:p=0`,
    'astats=metadata=1:reset=1',
    // `-`: ffmpeg's own standard output (a pipe here, which /dev/stdout cannot open).
    'ametadata=print:key=lavfi.astats.Overall.RMS_level:file=-',
  ].join(',');
  const child = spawn(
    ffmpeg,
    ['-hide_banner', '-nostats', '-loglevel', 'error', '-i', file, '-map', '0:a:0?'].concat([
      '-af',
      filter,
      '-f',
      'null',
      '-',
    ]),
    { stdio: ['ignore', 'pipe', 'ignore'], signal },
  );
  const exit = new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  });
  const levels: number[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    const value = /^lavfi\.astats\.Overall\.RMS_level=(.+)$/.exec(line)?.[1];
    if (value !== undefined)
      levels.push(loudnessLevel(value === '-inf' ? -Infinity : Number(value)));
  }
  if ((await exit) !== 0) return null;
  return { interval: LOUDNESS_INTERVAL, levels };
};

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** ffmpeg failed; `message` is its last error line, short enough to show on /pending. */
export class FfmpegError extends Error {}

/** The run was stopped by its AbortSignal (cancel, shutdown or timeout). */
export class FfmpegAbortedError extends Error {}

export interface FfmpegRunOptions {
  /** Kills ffmpeg when aborted. */
  signal?: AbortSignal;
  /** Source duration, to turn `-progress` times into percents. */
  durationSeconds?: number;
  /** Called with 0-99 while running (100 is for the caller, once outputs are in place). */
  onProgress?: (percent: number) => void;
}

const MAX_ERROR_LENGTH = 300;

/** Percent done from one `-progress` line (`out_time_us=1500000`), or null for other keys. */
export const progressFromLine = (line: string, durationSeconds: number): number | null => {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  if (!match || !(durationSeconds > 0)) return null;
  // ffmpeg 4 and 5 both print out_time_ms in microseconds too.
  const percent = Math.floor((Number(match[1]) / (durationSeconds * 1e6)) * 100);
  return Math.max(0, Math.min(99, percent));
};

/** The last meaningful stderr line, trimmed for storage. */
export const lastErrorLine = (stderr: string): string | undefined => {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const line = lines.at(-1);
  return line && line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
};

/**
 * Runs ffmpeg as a child process (never a shell), reporting progress parsed from
 * `-progress pipe:1`, and kills it when the signal aborts. Resolves on exit code 0.
 */
export const runFfmpeg = (
  ffmpeg: string,
  args: string[],
  { signal, durationSeconds = 0, onProgress }: FfmpegRunOptions = {},
): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new FfmpegAbortedError('ffmpeg stopped before it started'));
      return;
    }
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let lastPercent = -1;
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only the tail matters: the error line is the last one.
      stderr = (stderr + chunk).slice(-8192);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const percent = progressFromLine(line, durationSeconds);
      if (percent !== null && percent !== lastPercent) {
        lastPercent = percent;
        onProgress?.(percent);
      }
    });

    child.once('error', (error) => {
      signal?.removeEventListener('abort', kill);
      reject(new FfmpegError(`ffmpeg ne démarre pas : ${error.message}`));
    });
    child.once('close', (code, killedBy) => {
      signal?.removeEventListener('abort', kill);
      if (signal?.aborted) reject(new FfmpegAbortedError('ffmpeg stopped'));
      else if (code === 0) resolve();
      else
        reject(
          new FfmpegError(
            lastErrorLine(stderr) ??
              `ffmpeg s'est arrêté (${killedBy ? `signal ${killedBy}` : `code ${code}`})`,
          ),
        );
    });
  });

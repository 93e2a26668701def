import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';

/** ffmpeg failed; `message` is its last error line, short enough to show on /pending. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    /** It could not write: the disk is full (ENOSPC), which is no fault of the source. */
    readonly diskFull = false,
  ) {
    super(message);
  }
}

/** ffmpeg's words for ENOSPC (strerror), whichever of its lines says it. */
export const saysDiskFull = (stderr: string): boolean => /No space left on device/i.test(stderr);

/** The run was stopped by its AbortSignal (cancel, shutdown or timeout). */
export class FfmpegAbortedError extends Error {}

export interface FfmpegRunOptions {
  /** Kills ffmpeg when aborted. */
  signal?: AbortSignal;
  /** Source duration, to turn `-progress` times into percents. */
  durationSeconds?: number;
  /** Called with 0-99 while running (100 is for the caller, once outputs are in place). */
  onProgress?: (percent: number) => void;
  /**
   * Background work (converting old renditions): ffmpeg gets the lowest CPU priority (nice 19),
   * so encodes and the server always come first. Ignored where the system refuses it.
   */
  lowPriority?: boolean;
}

const LOWEST_PRIORITY = 19;

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
 * The watchdog of one ffmpeg: a POSIX `sh` waiting on a pipe only this process writes to. When
 * this process dies, even by SIGKILL, the kernel closes the pipe, `read` returns and the
 * watchdog kills ffmpeg, which would otherwise encode on for minutes beside the job's retry
 * (ffmpeg ignores SIGPIPE, so its closed progress pipe does not stop it). Event-driven, no
 * polling; measured on Debian: ffmpeg is gone within milliseconds of a `kill -9` of its
 * parent. (`setpriv --pdeathsig KILL` works too, but is Linux-only util-linux.) Our end of
 * the pipe is close-on-exec, so no other child inherits it and keeps the watchdog waiting.
 */
interface Watchdog {
  process: ChildProcess;
  /** Settles once the watchdog has exited (or never started). */
  gone: Promise<void>;
}

const startWatchdog = (ffmpegPid: number): Watchdog => {
  const watchdog = spawn(
    '/bin/sh',
    ['-c', 'read _ ; kill -KILL "$1" 2>/dev/null', 'sh', String(ffmpegPid)],
    { stdio: ['pipe', 'ignore', 'ignore'] },
  );
  // Without /bin/sh ffmpeg still runs, only unguarded against our own crash.
  const gone = new Promise<void>((resolve) => {
    watchdog.once('exit', () => resolve());
    watchdog.once('error', () => resolve());
  });
  watchdog.stdin?.on('error', () => undefined);
  return { process: watchdog, gone };
};

/**
 * Stops the watchdog of an ffmpeg that has exited, and waits for it: a watchdog left waiting
 * would kill that pid, maybe reused by then, when we die.
 */
const stopWatchdog = async (watchdog: Watchdog | undefined) => {
  if (!watchdog) return;
  watchdog.process.kill('SIGKILL');
  await watchdog.gone;
};

/**
 * Runs ffmpeg as a child process (never a shell), reporting progress parsed from
 * `-progress pipe:1`, and kills it when the signal aborts or this process dies (watchdog).
 * Resolves on exit code 0, once ffmpeg and its watchdog are both gone.
 */
export const runFfmpeg = (
  ffmpeg: string,
  args: string[],
  { signal, durationSeconds = 0, onProgress, lowPriority = false }: FfmpegRunOptions = {},
): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new FfmpegAbortedError('ffmpeg stopped before it started'));
      return;
    }
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const watchdog = child.pid === undefined ? undefined : startWatchdog(child.pid);
    if (lowPriority && child.pid !== undefined) {
      try {
        setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // Not permitted here (some containers): it runs at normal priority, only less polite.
      }
    }
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

    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', kill);
      void stopWatchdog(watchdog).then(outcome);
    };
    child.once('error', (error) => {
      settle(() => reject(new FfmpegError(`ffmpeg ne démarre pas : ${error.message}`)));
    });
    child.once('close', (code, killedBy) => {
      settle(() => {
        if (signal?.aborted) reject(new FfmpegAbortedError('ffmpeg stopped'));
        else if (code === 0) resolve();
        else
          reject(
            new FfmpegError(
              lastErrorLine(stderr) ??
                `ffmpeg s'est arrêté (${killedBy ? `signal ${killedBy}` : `code ${code}`})`,
              saysDiskFull(stderr),
            ),
          );
      });
    });
  });

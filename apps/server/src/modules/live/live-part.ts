import { spawn } from 'node:child_process';
import { lastErrorLine } from '../../media-tools/ffmpeg-runner.ts';
import { createFragmentReader, type FragmentSink } from './live-fragments.ts';

/**
 * One part of a live: the ffmpegs that read one publish's FLV on stdin and write its recording
 * and HLS (live-args.ts). Ending stdin is how they stop: ffmpeg then finishes its files. If
 * Plateau dies, the kernel closes the pipes and each ffmpeg ends the same way.
 */
export interface LivePart {
  /** Hands FLV bytes to the copying ffmpeg; false once it is gone or too far behind. */
  write(chunk: Buffer): boolean;
  /**
   * Ends the inputs and waits for the ffmpegs to finish their files (killed after `timeoutMs`);
   * true when the recording's had to be killed (what it had not written yet is lost).
   */
  stop(timeoutMs?: number): Promise<boolean>;
  /** Settles when the copying ffmpeg exits, with its last error line when it failed. */
  readonly exited: Promise<{ ok: boolean; error?: string }>;
}

export interface LivePartFeeds {
  /** A reader of the stream from a clean start (rtmp-ingest `tap`): feeds each rung encoder. */
  tap(sink: (chunk: Buffer) => void): () => void;
  /** A rung encoder stopped or fell behind (`why`), and is restarted unless it gave up. */
  onRungTrouble(why: string, restarting: boolean): void;
  /**
   * Low latency: where the fragments of variant `index` (the source 0, the rungs from 1) go,
   * asked again each time an ffmpeg starts (a restarted one begins with a new init).
   */
  fragments?: (index: number) => FragmentSink;
}

/** How an ffmpeg of the part runs: its folder, and how many fragment pipes it writes. */
interface RunOptions {
  cwd?: string;
  /** Sinks of its fragment pipes (fd 3, 4...), in order. */
  pipes: () => FragmentSink[];
}

/** Bytes waiting for ffmpeg beyond which the machine cannot keep up (about a minute of HD). */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;
/** A rung encoder that stopped starts again after this pause... */
const RUNG_RESTART_MS = 2_000;
/** ...this many times in a part at most (one that cannot run at all must not spin). */
const RUNG_RESTARTS = 5;

interface LiveFfmpeg {
  write(chunk: Buffer): boolean;
  /** True when it had to be killed. */
  stop(timeoutMs: number): Promise<boolean>;
  /** `behind`: its input was ended because it could not keep up. */
  readonly exited: Promise<{ ok: boolean; error?: string; behind?: boolean }>;
}

const startOne = (
  ffmpeg: string,
  args: string[],
  maxBacklog: number,
  run: RunOptions,
): LiveFfmpeg => {
  const sinks = run.pipes();
  const child = spawn(ffmpeg, args, {
    cwd: run.cwd,
    stdio: ['pipe', 'ignore', 'pipe', ...sinks.map(() => 'pipe' as const)],
  });
  // Pipes by construction (stdio above).
  const stdin = child.stdin!;
  const errors = child.stderr!;
  sinks.forEach((sink, index) => {
    const reader = createFragmentReader(sink);
    const pipe = child.stdio[3 + index] as NodeJS.ReadableStream | null;
    pipe?.on('data', (chunk: Buffer) => reader.push(chunk));
    pipe?.on('error', () => {});
  });
  let stderr = '';
  errors.setEncoding('utf8');
  errors.on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  // A write after ffmpeg died is an EPIPE here, not a crash of Plateau.
  stdin.on('error', () => {});
  let gone = false;
  let behind = false;
  const exited = new Promise<{ ok: boolean; error?: string; behind?: boolean }>((resolve) => {
    const done = (code: number | null) => {
      gone = true;
      if (behind) resolve({ ok: false, behind, error: lastErrorLine(stderr) });
      else resolve(code === 0 ? { ok: true } : { ok: false, error: lastErrorLine(stderr) });
    };
    child.once('exit', done);
    child.once('error', () => done(-1));
  });
  return {
    exited,
    write(chunk: Buffer) {
      if (gone || stdin.destroyed) return false;
      if (stdin.writableLength > maxBacklog) {
        // Skipping bytes would corrupt its stream: it gets nothing more and finishes its files.
        gone = true;
        behind = true;
        stdin.end();
        return false;
      }
      stdin.write(chunk);
      return true;
    },
    async stop(timeoutMs: number) {
      stdin.end();
      let killed = false;
      const timer = setTimeout(() => {
        killed = !gone;
        child.kill('SIGKILL');
      }, timeoutMs);
      await exited;
      clearTimeout(timer);
      return killed;
    },
  };
};

/**
 * The rung encoder of a part, kept running: fed from its own clean start of the stream, and
 * when it stops or falls behind (a slow machine, a crash of x264), told and started again
 * from the stream's last keyframe; its HLS goes on after a discontinuity (append_list).
 */
const superviseRungs = (
  ffmpeg: string,
  args: string[],
  feeds: LivePartFeeds,
  maxBacklog: number,
  options: RunOptions,
) => {
  let stopped = false;
  let restarts = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: { process: LiveFfmpeg; detach: () => void } | undefined;
  const run = () => {
    const process = startOne(ffmpeg, args, maxBacklog, options);
    const detach = feeds.tap((chunk) => void process.write(chunk));
    current = { process, detach };
    void process.exited.then(({ behind, error }) => {
      detach();
      if (stopped || current?.process !== process) return;
      current = undefined;
      const why = behind ? 'fell behind the stream' : `stopped${error ? ` (${error})` : ''}`;
      const restarting = restarts < RUNG_RESTARTS;
      feeds.onRungTrouble(why, restarting);
      if (!restarting) return;
      restarts += 1;
      timer = setTimeout(run, RUNG_RESTART_MS);
      timer.unref();
    });
  };
  run();
  return {
    async stop(timeoutMs: number) {
      stopped = true;
      clearTimeout(timer);
      const running = current;
      current = undefined;
      running?.detach();
      await running?.process.stop(timeoutMs);
    },
  };
};

export const startLivePart = (
  ffmpeg: string,
  [copyArgs, rungArgs]: string[][],
  feeds: LivePartFeeds,
  {
    maxBacklogBytes = MAX_BACKLOG_BYTES,
    rungs: rungCount = 0,
    rungsFolder,
  }: {
    maxBacklogBytes?: number;
    /** Low latency: how many rungs write fragments, and the folder their ffmpeg runs in. */
    rungs?: number;
    rungsFolder?: string;
  } = {},
): LivePart => {
  const { fragments } = feeds;
  const copy = startOne(ffmpeg, copyArgs!, maxBacklogBytes, {
    pipes: () => (fragments ? [fragments(0)] : []),
  });
  // The copy holds the recording: the part is over when it is. A rung encoder that dies or
  // cannot keep up only loses its rungs for a moment, never the recording.
  const rungs =
    rungArgs &&
    superviseRungs(ffmpeg, rungArgs, feeds, maxBacklogBytes, {
      cwd: rungsFolder,
      pipes: () =>
        fragments ? Array.from({ length: rungCount }, (_, index) => fragments(index + 1)) : [],
    });
  return {
    exited: copy.exited,
    write: (chunk) => copy.write(chunk),
    async stop(timeoutMs = 15_000) {
      const [killed] = await Promise.all([copy.stop(timeoutMs), rungs?.stop(timeoutMs)]);
      return killed;
    },
  };
};

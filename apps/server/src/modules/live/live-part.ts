import { spawn } from 'node:child_process';
import { lastErrorLine } from '../../media-tools/ffmpeg-runner.ts';

/**
 * One part of a live: the ffmpegs that read one publish's FLV on stdin and write its recording
 * and HLS (live-args.ts). Ending stdin is how they stop: ffmpeg then finishes its files. If
 * Plateau dies, the kernel closes the pipes and each ffmpeg ends the same way.
 */
export interface LivePart {
  /** Hands FLV bytes to every ffmpeg; false once the copying one is gone or too far behind. */
  write(chunk: Buffer): boolean;
  /** Ends the input and waits for the ffmpegs to finish their files (killed after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  /** Settles when the copying ffmpeg exits, with its last error line when it failed. */
  readonly exited: Promise<{ ok: boolean; error?: string }>;
}

/** Bytes waiting for ffmpeg beyond which the machine cannot keep up (about a minute of HD). */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;

const startOne = (ffmpeg: string, args: string[]) => {
  const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  // A write after ffmpeg died is an EPIPE here, not a crash of Plateau.
  child.stdin.on('error', () => {});
  let gone = false;
  const exited = new Promise<{ ok: boolean; error?: string }>((resolve) => {
    const done = (code: number | null) => {
      gone = true;
      resolve(code === 0 ? { ok: true } : { ok: false, error: lastErrorLine(stderr) });
    };
    child.once('exit', done);
    child.once('error', () => done(-1));
  });
  return {
    exited,
    write(chunk: Buffer) {
      if (gone || child.stdin.destroyed) return false;
      if (child.stdin.writableLength > MAX_BACKLOG_BYTES) {
        // Skipping bytes would corrupt its stream: it gets nothing more and finishes its files.
        gone = true;
        child.stdin.end();
        return false;
      }
      child.stdin.write(chunk);
      return true;
    },
    async stop(timeoutMs: number) {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
};

export const startLivePart = (ffmpeg: string, argsList: string[][]): LivePart => {
  const processes = argsList.map((args) => startOne(ffmpeg, args));
  const [copy, ...rungs] = processes;
  return {
    // The copy holds the recording: the part is over when it is. A rung encoder that dies or
    // cannot keep up (a slow machine) only loses its rungs, never the recording.
    exited: copy!.exited,
    write(chunk) {
      for (const rung of rungs) rung.write(chunk);
      return copy!.write(chunk);
    },
    async stop(timeoutMs = 15_000) {
      await Promise.all(processes.map((process) => process.stop(timeoutMs)));
    },
  };
};

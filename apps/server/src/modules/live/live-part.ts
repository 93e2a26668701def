import { spawn } from 'node:child_process';
import { lastErrorLine } from '../../media-tools/ffmpeg-runner.ts';

/**
 * One part of a live: the ffmpeg that reads one publish's FLV on stdin and writes its
 * recording and HLS (live-args.ts). Ending stdin is how it stops: ffmpeg then finishes its
 * files properly. If Plateau dies, the kernel closes the pipe and ffmpeg ends the same way.
 */
export interface LivePart {
  /** Hands FLV bytes to ffmpeg; false once ffmpeg is gone or too far behind. */
  write(chunk: Buffer): boolean;
  /** Ends the input and waits for ffmpeg to finish its files (killed after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  /** Settles when ffmpeg exits, with its last error line when it failed. */
  readonly exited: Promise<{ ok: boolean; error?: string }>;
}

/** Bytes waiting for ffmpeg beyond which the machine cannot keep up (about a minute of HD). */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;

export const startLivePart = (ffmpeg: string, args: string[]): LivePart => {
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
    write(chunk) {
      if (gone || child.stdin.destroyed) return false;
      if (child.stdin.writableLength > MAX_BACKLOG_BYTES) return false;
      child.stdin.write(chunk);
      return true;
    },
    async stop(timeoutMs = 15_000) {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
};

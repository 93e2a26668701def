import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'range.lua');

export interface WrkResult {
  requests: number;
  bytes: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50Us: number;
  p99Us: number;
}

/** wrk with random 1 MiB ranges of a file of `fileSize` bytes at `url`. */
export const runWrk = (
  url: string,
  fileSize: number,
  { connections, seconds }: { connections: number; seconds: number },
) =>
  new Promise<WrkResult>((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url],
      { env: { ...process.env, RANGE_FILE_SIZE: String(fileSize) } },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = /WRK_JSON (.*)/.exec(out);
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}):\n${out}`));
      resolve(JSON.parse(line[1]!) as WrkResult);
    });
  });

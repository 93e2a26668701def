import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadJob {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
}

/** One autocannon child process, reused for every run (it inherits the tsx loader). */
export const startLoadGenerator = () => {
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const run = (job: LoadJob) =>
    new Promise<LoadResult>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: LoadResult | { error: string }) => {
        child.off('exit', onExit);
        if ('error' in message) reject(new Error(message.error));
        else resolve(message);
      });
      child.send(job);
    });
  const stop = () => {
    child.kill();
  };
  return { run, stop };
};

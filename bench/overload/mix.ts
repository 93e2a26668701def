import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One kind of request of the crowd. */
export interface MixKind {
  name: string;
  /** `split` mode: the connections asking only this kind. */
  connections: number;
  /** Each request of the kind takes one of these paths at random (`cycle`: each in turn). */
  paths: string[];
  headers: Record<string, string>;
  /** Random ranges of `rangeBytes` within the first `fileBytes` of the file. */
  rangeOf?: { fileBytes: number; rangeBytes: number };
}

export interface MixJob {
  origin: string;
  seconds: number;
  timeoutSeconds: number;
  /**
   * `random`: every request of every connection is of a kind drawn at random, each kind weighed
   * by its count of paths (the same count of each path, whatever their speed, and no connection
   * in step with another); `cycle`: every connection asks each kind's paths in turn (in step at
   * the start); `split`: each kind has connections of its own (a kind answered faster is asked
   * more often).
   */
  mode: 'random' | 'cycle' | 'split';
  /** `random` and `cycle` modes: all the connections. */
  connections: number;
  kinds: MixKind[];
  /** Where to write every answer's end, kind and time (CSV), if anywhere. */
  traceFile?: string;
}

export interface KindResult {
  name: string;
  requests: number;
  perSecond: number;
  non2xx: number;
  status5xx: number;
  /** Socket errors and timeouts (no answer). */
  errors: number;
  timeouts: number;
  /** Milliseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface MixResult {
  kinds: KindResult[];
  overall: KindResult;
  /** Every answer but each connection's first (which includes the wait to be accepted). */
  settled: KindResult;
  /** Each connection's first answer, ms after the start: when the server took it in. */
  firstAnswer: { connections: number; p50: number; p90: number; max: number };
}

/** The autocannon child process (it inherits the tsx loader), reused for every run. */
export const startMixGenerator = () => {
  const child: ChildProcess = fork(fileURLToPath(new URL('./mix-worker.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const run = (job: MixJob) =>
    new Promise<MixResult>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: MixResult | { error: string }) => {
        child.off('exit', onExit);
        if ('error' in message) reject(new Error(message.error));
        else resolve(message);
      });
      child.send(job);
    });
  return { run, pid: () => child.pid!, stop: () => child.kill() };
};

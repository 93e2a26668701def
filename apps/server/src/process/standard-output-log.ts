import type { Writable } from 'node:stream';

/**
 * Where Plateau's processes write their log lines: standard output, abandoned for good at its
 * first write error. The reader of standard output may go away at any time (a closed terminal,
 * a killed `| tee`, a log collector that restarted) and the next write then fails with EPIPE.
 * pino's default destination (sonic-boom 4) flushes at exit in a loop that retries every write
 * error every 100 ms, EPIPE included, so a SIGTERM after that never ended: process.stdout has
 * no exit flush to hang in (on Linux it writes pipes and files synchronously), and once it
 * failed the lines are dropped instead of retried.
 */
export interface LogLineSink {
  write(line: string): void;
}

const guarded = new WeakMap<Writable, LogLineSink>();

const lineSink = (stream: Writable): LogLineSink => {
  let sink = guarded.get(stream);
  if (sink) return sink;
  let broken = false;
  // Without a listener, an 'error' on process.stdout would be an uncaught exception.
  stream.on('error', () => {
    broken = true;
  });
  sink = {
    write: (line) => {
      if (!broken && !stream.destroyed) stream.write(line);
    },
  };
  guarded.set(stream, sink);
  return sink;
};

/** Standard output's sink; standard error gets the same guard, for what console.error prints. */
export const standardOutputLog = (): LogLineSink => {
  lineSink(process.stderr);
  return lineSink(process.stdout);
};

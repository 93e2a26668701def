import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Records the SQL statements the API sends to PostgreSQL while one request runs, so the raw
 * floor replays exactly the same statements with the same parameters (whatever the videos
 * module builds through drizzle), instead of a hand-copied query that could drift.
 */
export interface CapturedStatement {
  text: string;
  values: unknown[];
  /**
   * Statements sent while another was still running share a wave (the API's `Promise.all`);
   * a statement sent after all earlier ones finished starts the next wave (it may depend on them).
   */
  wave: number;
}

let recording: CapturedStatement[] | null = null;
let installed = false;
let inFlight = 0;
let wave = -1;

type QueryConfigLike = { text?: unknown; values?: unknown };

type Queryable = { query: (...args: unknown[]) => unknown };

const install = () => {
  if (installed) return;
  installed = true;
  // The API's PostgreSQL pool and the embedded database both send their SQL through these.
  hook(pg.Client.prototype as unknown as Queryable);
  hook(PGlite.prototype as unknown as Queryable);
};

const hook = (proto: Queryable) => {
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (recording) {
      const [first, second] = args;
      const config = (typeof first === 'object' && first !== null ? first : {}) as QueryConfigLike;
      const text = typeof first === 'string' ? first : config.text;
      const values = Array.isArray(second) ? second : config.values;
      if (typeof text === 'string') {
        if (inFlight === 0) wave += 1;
        recording.push({ text, values: Array.isArray(values) ? [...values] : [], wave });
        inFlight += 1;
        const done = () => {
          inFlight -= 1;
        };
        const last = args.length - 1;
        const callback = args[last];
        if (typeof callback === 'function') {
          args[last] = (...results: unknown[]) => {
            done();
            return (callback as (...r: unknown[]) => unknown)(...results);
          };
          return original.apply(this, args);
        }
        const result = original.apply(this, args);
        if (result instanceof Promise) result.then(done, done);
        else done();
        return result;
      }
    }
    return original.apply(this, args);
  };
};

/** Runs `action` and returns the statements every pg client issued meanwhile. */
export const captureStatements = async <T>(
  action: () => Promise<T>,
): Promise<{ result: T; statements: CapturedStatement[] }> => {
  install();
  if (recording) throw new Error('captureStatements is not reentrant');
  recording = [];
  inFlight = 0;
  wave = -1;
  try {
    const result = await action();
    return { result, statements: recording };
  } finally {
    recording = null;
  }
};

import pg from 'pg';

/**
 * Records the SQL statements the API sends to PostgreSQL while one request runs, so the raw
 * floor replays exactly the same statements with the same parameters (whatever the videos
 * module builds through drizzle), instead of a hand-copied query that could drift.
 */
export interface CapturedStatement {
  text: string;
  values: unknown[];
}

let recording: CapturedStatement[] | null = null;
let installed = false;

type QueryConfigLike = { text?: unknown; values?: unknown };

const install = () => {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (recording) {
      const [first, second] = args;
      const config = (typeof first === 'object' && first !== null ? first : {}) as QueryConfigLike;
      const text = typeof first === 'string' ? first : config.text;
      const values = Array.isArray(second) ? second : config.values;
      if (typeof text === 'string') {
        recording.push({ text, values: Array.isArray(values) ? [...values] : [] });
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
  try {
    const result = await action();
    return { result, statements: recording };
  } finally {
    recording = null;
  }
};

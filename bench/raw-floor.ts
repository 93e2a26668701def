import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { CapturedStatement } from './capture.ts';

/**
 * The floor of this stack: `node:http` + a `pg` Pool (or the same embedded database) +
 * `JSON.stringify`, running the very
 * statements the API issued for the same URL (captured by `capture.ts`). No routing, schema
 * validation, JWT check, hooks or row mapping: whatever Plateau costs beyond this is framework
 * and application overhead.
 */
export interface RawFloor {
  url: string;
  /** Serves `path` (path + query string, as sent) by replaying these statements. */
  route(path: string, statements: CapturedStatement[]): void;
  close(): Promise<void>;
}

/** What the floor needs of a database: the result rows and columns of one statement. */
export interface FloorResult {
  rows: unknown[];
  fields: unknown[];
}

export interface FloorDatabase {
  query(text: string, values: unknown[]): Promise<FloorResult>;
  /** One connection for a transaction's statements, when the database has several. */
  connect?(): Promise<{ query: FloorDatabase['query']; release(): void }>;
  close(): Promise<void>;
}

/** The PostgreSQL floor database: a `pg` Pool with the API's session settings. */
export const postgresFloor = (
  databaseUrl: string,
  sessionSettings: Record<string, string> = {},
  poolSize = 10,
): FloorDatabase => {
  const options = Object.entries(sessionSettings)
    .map(([name, value]) => `-c ${name}=${value.replace(/([\\ ])/g, '\\$1')}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options });
  return {
    query: (text, values) => pool.query(text, values),
    connect: async () => {
      const client = await pool.connect();
      return {
        query: (text, values) => client.query(text, values),
        release: () => client.release(),
      };
    },
    close: () => pool.end(),
  };
};

const isTransactionControl = (text: string) =>
  /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i.test(text);

/** The page is the widest result; the total is the one-row, one-column result, if any. */
const toBody = (results: FloorResult[]): string => {
  const data = results.filter((r) => Array.isArray(r.rows) && r.fields?.length);
  const page = data.reduce<FloorResult | undefined>(
    (widest, r) => (!widest || r.fields.length > widest.fields.length ? r : widest),
    undefined,
  );
  // A total is a one-row count, or the `total` of the shared search results.
  const counted = data.find(
    (r) =>
      r !== page &&
      r.rows.length === 1 &&
      (r.fields.length === 1 || 'total' in (r.rows[0] as object)),
  );
  const first = counted?.rows[0] as Record<string, unknown> | undefined;
  const nResults = first ? Number(first.total ?? Object.values(first)[0]) : page?.rows.length;
  return JSON.stringify({ videos: page?.rows ?? [], nResults: nResults ?? 0 });
};

const run = async (
  pool: FloorDatabase,
  statements: CapturedStatement[],
): Promise<FloorResult[]> => {
  if (!pool.connect || !statements.some((s) => isTransactionControl(s.text))) {
    // Same shape as the API: a wave's statements go out together, waves one after the other.
    const results: FloorResult[] = [];
    const waves = [...new Set(statements.map((s) => s.wave))];
    for (const wave of waves) {
      const batch = statements.filter((s) => s.wave === wave);
      results.push(...(await Promise.all(batch.map((s) => pool.query(s.text, s.values)))));
    }
    return results;
  }
  const client = await pool.connect();
  try {
    const results: FloorResult[] = [];
    for (const s of statements) results.push(await client.query(s.text, s.values));
    return results;
  } finally {
    client.release();
  }
};

/** Serves the routes from `pool`, closed with the floor. */
export const startRawFloor = async (pool: FloorDatabase): Promise<RawFloor> => {
  const routes = new Map<string, CapturedStatement[]>();
  // A request the load generator dropped at the end of its run still runs its waves: the pool
  // is closed only after them.
  const running = new Set<Promise<unknown>>();
  const server = http.createServer((request, response) => {
    const statements = routes.get(request.url ?? '');
    if (!statements) {
      response.writeHead(404).end();
      return;
    }
    const answered = run(pool, statements);
    running.add(answered);
    answered.finally(() => running.delete(answered)).catch(() => {});
    answered.then(
      (results) => {
        const body = toBody(results);
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      (error: unknown) => {
        console.error('[raw floor]', error);
        response.writeHead(500).end();
      },
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    route: (path, statements) => routes.set(path, statements),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled(running);
      await pool.close();
    },
  };
};

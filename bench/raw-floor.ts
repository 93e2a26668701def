import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { CapturedStatement } from './capture.ts';

/**
 * The floor of this stack: `node:http` + a `pg` Pool + `JSON.stringify`, running the very
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

const isTransactionControl = (text: string) =>
  /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i.test(text);

/** The page is the widest result; the total is the one-row, one-column result, if any. */
const toBody = (results: pg.QueryResult[]): string => {
  const data = results.filter((r) => Array.isArray(r.rows) && r.fields?.length);
  const page = data.reduce<pg.QueryResult | undefined>(
    (widest, r) => (!widest || r.fields.length > widest.fields.length ? r : widest),
    undefined,
  );
  const counted = data.find((r) => r !== page && r.rows.length === 1 && r.fields.length === 1);
  const nResults = counted ? Number(Object.values(counted.rows[0] as object)[0]) : page?.rowCount;
  return JSON.stringify({ videos: page?.rows ?? [], nResults: nResults ?? 0 });
};

const run = async (pool: pg.Pool, statements: CapturedStatement[]): Promise<pg.QueryResult[]> => {
  if (!statements.some((s) => isTransactionControl(s.text))) {
    // Same shape as the API: a wave's statements go out together, waves one after the other.
    const results: pg.QueryResult[] = [];
    const waves = [...new Set(statements.map((s) => s.wave))];
    for (const wave of waves) {
      const batch = statements.filter((s) => s.wave === wave);
      results.push(...(await Promise.all(batch.map((s) => pool.query(s.text, s.values)))));
    }
    return results;
  }
  const client = await pool.connect();
  try {
    const results: pg.QueryResult[] = [];
    for (const s of statements) results.push(await client.query(s.text, s.values));
    return results;
  } finally {
    client.release();
  }
};

/**
 * `sessionSettings` are the planner settings the API's connections run with (read from
 * `pg_settings`), so both sides get the same plans.
 */
export const startRawFloor = async (
  databaseUrl: string,
  sessionSettings: Record<string, string> = {},
  poolSize = 10,
): Promise<RawFloor> => {
  const options = Object.entries(sessionSettings)
    .map(([name, value]) => `-c ${name}=${value.replace(/([\\ ])/g, '\\$1')}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options });
  const routes = new Map<string, CapturedStatement[]>();
  const server = http.createServer((request, response) => {
    const statements = routes.get(request.url ?? '');
    if (!statements) {
      response.writeHead(404).end();
      return;
    }
    run(pool, statements).then(
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
      await pool.end();
    },
  };
};

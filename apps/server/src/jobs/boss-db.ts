import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/client.ts';

/**
 * pg-boss over PGlite. pg-boss sends its schema creation and maintenance as several statements
 * in one string without parameters (BEGIN; lock; ...; COMMIT), which node-postgres runs with
 * the simple protocol: PGlite's `exec` is that protocol, `query` (extended) takes one statement.
 * Everything else pg-boss uses (advisory xact locks, FOR UPDATE SKIP LOCKED, partitioned
 * tables, plpgsql) works unchanged on PGlite.
 */
export const pgliteBossDb = (client: PGlite): PgBoss.Db => ({
  async executeSql(text, values) {
    if (!values || values.length === 0) {
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    }
    const result = await client.query(text, values as unknown[]);
    return { rows: result.rows as unknown[] };
  },
});

/** Rewrites pg-boss's `$1`-style SQL into a drizzle query, so it runs on any executor. */
const toDrizzleSql = (text: string, values: unknown[]): SQL => {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks);
};

/**
 * A pg-boss `db` running inside a drizzle transaction, so a job insert commits or rolls back
 * together with the rows written beside it (PGlite and node-postgres alike).
 */
export const transactionBossDb = (tx: Executor): PgBoss.Db => ({
  async executeSql(text, values) {
    const result = (await tx.execute(toDrizzleSql(text, values ?? []))) as unknown as {
      rows: unknown[];
    };
    return { rows: result.rows };
  },
});

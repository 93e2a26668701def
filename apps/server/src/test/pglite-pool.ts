import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, wrapPglite, type DatabaseHandle } from '../db/client.ts';

/**
 * One PGlite per test process, handed to one file's app after another and put back as the run's
 * template left it. Opening one from the template's dump costs every file 1.0-1.5 s alone and
 * about 2 s in a full run (a thousand files untarred into its memory, then PostgreSQL started);
 * putting it back is a truncate and a few rows. A file that changed more than rows (a table,
 * a column, a function, an open transaction) gets a fresh database instead.
 */

/** Everything but PostgreSQL's own schemas. */
const OWN_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`;

/** The database's shape, not its rows: what a reset cannot put back. */
const FINGERPRINT = `
SELECT md5(coalesce(string_agg(entry, E'\\n' ORDER BY entry), '')) AS fingerprint FROM (
  SELECT 'n ' || n.nspname AS entry FROM pg_namespace n WHERE ${OWN_SCHEMAS}
  UNION ALL
  SELECT 'r ' || c.oid::regclass::text || ' ' || c.relkind::text || ' ' || coalesce((
    SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' '
      || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ', '
      ORDER BY a.attnum)
    FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${OWN_SCHEMAS}
  UNION ALL
  SELECT 'c ' || c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
  FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE ${OWN_SCHEMAS}
  UNION ALL
  SELECT 'f ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${OWN_SCHEMAS}
  UNION ALL
  SELECT 't ' || t.tgrelid::regclass::text || ' ' || t.tgname FROM pg_trigger t
  WHERE NOT t.tgisinternal
  UNION ALL
  SELECT 'e ' || e.enumtypid::regtype::text || ' ' || e.enumlabel FROM pg_enum e
  UNION ALL
  SELECT 'x ' || extname FROM pg_extension
) entries`;

interface TableRows {
  table: string;
  /** The columns a row can be given (not the generated ones), quoted. */
  columns: string;
  json: string;
}

interface Template {
  fingerprint: string;
  schemas: string[];
  tables: string[];
  rows: TableRows[];
  sequences: { name: string; value: number; called: boolean }[];
  queues: string[] | null;
}

const readTemplate = async (client: PGlite): Promise<Template> => {
  const [{ fingerprint }] = (await client.query<{ fingerprint: string }>(FINGERPRINT)).rows as [
    { fingerprint: string },
  ];
  const schemas = (
    await client.query<{ name: string }>(
      `SELECT n.nspname AS name FROM pg_namespace n WHERE ${OWN_SCHEMAS}`,
    )
  ).rows.map((row) => row.name);
  const tables = (
    await client.query<{ name: string; columns: string }>(
      `SELECT c.oid::regclass::text AS name,
         (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
          WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            AND a.attgenerated = '') AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${OWN_SCHEMAS}`,
    )
  ).rows;
  const rows: TableRows[] = [];
  for (const { name, columns } of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${name} t`,
    );
    const json = found[0]?.json;
    if (json) rows.push({ table: name, columns, json });
  }
  const sequences = (
    await client.query<{ name: string; value: string; called: boolean }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name,
         coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
       FROM pg_sequences`,
    )
  ).rows.map((row) => ({ name: row.name, value: Number(row.value), called: row.called }));
  const queues = schemas.includes('pgboss')
    ? (await client.query<{ name: string }>('SELECT name FROM pgboss.queue')).rows.map(
        (row) => row.name,
      )
    : null;
  return {
    fingerprint,
    schemas,
    tables: tables.map((table) => table.name),
    rows,
    sequences,
    queues,
  };
};

/** Puts `client` back as `template` was; false when it cannot (the caller opens a fresh one). */
const putBack = async (client: PGlite, template: Template): Promise<boolean> => {
  if (client.closed) return false;
  try {
    // Temporary tables, prepared statements, settings, LISTENs and advisory locks; it fails
    // inside a transaction left open, which a reset cannot end for the file that opened it.
    await client.exec('DISCARD ALL');
    const { rows: drops } = await client.query<{ statement: string }>(
      `SELECT format('DROP SCHEMA %I CASCADE', n.nspname) AS statement FROM pg_namespace n
       WHERE ${OWN_SCHEMAS} AND NOT (n.nspname = ANY($1))`,
      [template.schemas],
    );
    for (const { statement } of drops) await client.exec(statement);
    // pg-boss makes a table for each new queue: the queues of the template stay, with theirs.
    if (template.queues) {
      await client.query(
        'SELECT pgboss.delete_queue(name) FROM pgboss.queue WHERE NOT (name = ANY($1))',
        [template.queues],
      );
    }
    const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
    if (rows[0]?.fingerprint !== template.fingerprint) return false;
    await client.transaction(async (tx) => {
      // The template's rows go back whatever their order: no foreign key checked meanwhile.
      await tx.exec("SET LOCAL session_replication_role = 'replica'");
      await tx.exec(`TRUNCATE ${template.tables.join(', ')} RESTART IDENTITY CASCADE`);
      for (const { table, columns, json } of template.rows) {
        await tx.query(
          `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`,
          [json],
        );
      }
      for (const { name, value, called } of template.sequences) {
        await tx.query('SELECT setval($1::regclass, $2, $3)', [name, value, called]);
      }
    });
    return true;
  } catch {
    return false;
  }
};

interface Pooled {
  client: PGlite;
  template: Template;
}

const idle = new Map<string, Pooled[]>();
const templates = new Map<string, Promise<Template>>();

const openFresh = async (templateFile: string): Promise<Pooled> => {
  const dump = new Blob([readFileSync(templateFile)]);
  const client = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions });
  if (!templates.has(templateFile)) templates.set(templateFile, readTemplate(client));
  return { client, template: await templates.get(templateFile)! };
};

/**
 * A PGlite with the template's tables and rows, for one file: its `close` puts it back for the
 * next file rather than closing it (what it LISTENed to is unlistened first).
 */
export const openPooledPglite = async (templateFile: string): Promise<DatabaseHandle> => {
  const pooled = idle.get(templateFile)?.pop() ?? (await openFresh(templateFile));
  const handle = wrapPglite(pooled.client);
  const listening = new Set<() => Promise<void>>();
  let released = false;
  return {
    ...handle,
    listen: async (...args) => {
      const unlisten = await handle.listen(...args);
      listening.add(unlisten);
      return async () => {
        listening.delete(unlisten);
        await unlisten();
      };
    },
    close: async () => {
      if (released) return;
      released = true;
      for (const unlisten of listening) await unlisten();
      if (await putBack(pooled.client, pooled.template)) {
        idle.set(templateFile, [...(idle.get(templateFile) ?? []), pooled]);
      } else if (!pooled.client.closed) await pooled.client.close();
    },
  };
};

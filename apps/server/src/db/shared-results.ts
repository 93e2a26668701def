import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { searchResults, videoDataVersion, videos } from './schema.ts';

/**
 * Results shared through the database (table `search_results`): the exact total and the
 * SEARCH_HEAD best-ranked ids of one list (search words or tag filter, visibility class) are
 * computed once per data version (`video_data_version`, bumped by the videos triggers whenever a video is
 * added, removed, or changes text, tags, date or visibility class), then every page inside the
 * head is a slice of it. A common word matching 13,000 videos is ranked once per change of the
 * catalogue, not on every request; a write is seen by the next read (the version is read in the
 * same statement, so in the same snapshot, as the rows). Totals of three-tag filters, which no
 * trigger keeps, are shared the same way.
 */
export const SEARCH_HEAD = 1000;

interface Results {
  total: number;
  /** The ids of the page asked for, when it lies inside the head. */
  page: number[];
  headLength: number;
}

type ResultRow = { total: number; page: number[] | null; head_length: number };

const toResults = (row: ResultRow | undefined): Results | undefined =>
  row && {
    total: Number(row.total),
    page: (row.page ?? []).map(Number),
    headLength: Number(row.head_length),
  };

/** `head[from + 1 : to]` (SQL arrays count from 1). */
const pageOf = (head: SQL, from: number, to: number) =>
  sql`${head}[${from + 1}:${to}] as page, cardinality(${head}) as head_length`;

/**
 * The stored results when they are of the current data version: one cheap statement, the
 * version and the row read in one snapshot.
 */
const readStored = async (db: Executor, key: string, from: number, to: number) => {
  const result = (await db.execute(sql`
    select s.total, ${pageOf(sql`s.head`, from, to)}
      from ${searchResults} s join ${videoDataVersion} v on v.id = 1 and v.n = s.version
     where s.key = ${key}`)) as unknown as { rows: ResultRow[] };
  return toResults(result.rows[0]);
};

/**
 * Computes and stores the results in one statement, so the version stored is the one the
 * rows were counted and ranked under. Concurrent computations of one key keep the newest.
 * Results of older versions can never be read again: they go, so the table holds one row per
 * list asked for since the catalogue last changed.
 */
const computeAndStore = async (
  db: Executor,
  key: string,
  where: SQL | undefined,
  orderBy: SQL[] | undefined,
  from: number,
  to: number,
): Promise<Results> => {
  const matching = sql`from ${videos} where ${where}`;
  const head = orderBy
    ? sql`array(select ${videos.id} ${matching} order by ${sql.join(orderBy, sql`, `)} limit ${SEARCH_HEAD})`
    : sql`'{}'::integer[]`;
  const result = (await db.execute(sql`
    with computed as (
      select v.n as version, (select count(*)::int ${matching}) as total, ${head} as head
        from ${videoDataVersion} v where v.id = 1
    ),
    saved as (
      insert into ${searchResults} (key, version, total, head)
      select ${key}, version, total, head from computed
      on conflict (key) do update
        set version = excluded.version, total = excluded.total, head = excluded.head
        where ${searchResults.version} < excluded.version
    ),
    pruned as (
      delete from ${searchResults} s using computed
       where s.version < computed.version and s.key <> ${key}
    )
    select total, ${pageOf(sql`head`, from, to)} from computed`)) as unknown as {
    rows: ResultRow[];
  };
  return toResults(result.rows[0]) ?? { total: 0, page: [], headLength: 0 };
};

export const sharedResults = async (
  db: Executor,
  key: string,
  where: SQL | undefined,
  orderBy: SQL[] | undefined,
  from = 0,
  to = 0,
) =>
  (await readStored(db, key, from, to)) ??
  (await computeAndStore(db, key, where, orderBy, from, to));

/** The exact total of the videos matching `where`, counted once per data version. */
export const sharedTotal = async (db: Executor, key: string, where: SQL | undefined) =>
  (await sharedResults(db, key, where, undefined)).total;

import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { searchResults, videoDataVersion, videos } from './schema.ts';

/**
 * Results shared through the database (table `search_results`), computed once per data version
 * (`video_data_version`, bumped by the videos triggers whenever a video is added, removed, or
 * changes text, tags, date or visibility class) and then read by every request and every
 * instance: a list's exact total and its ids in order, a window of SHARED_WINDOW ids per row.
 * A common word matching 13,000 videos is ranked once per change of the catalogue, and page 200
 * of a tag filter is a slice of a stored window instead of a walk over 9,600 index entries.
 * A write is seen by the next read: the version is read in the same statement, so in the same
 * snapshot, as the stored row.
 */
export const SHARED_WINDOW = 1000;

/** A list whose order and rows change only with the data version. */
export interface SharedList {
  /** What the list is: its kind, the viewer's visibility class, its filters. */
  key: string;
  where: SQL | undefined;
  /** A total order (ties broken by id); none for a list of which only the total is shared. */
  orderBy?: SQL[];
}

interface Slice {
  /** The row's key: the list's, with the window's number when the list is ordered. */
  key: string;
  /** The window's first position in the list. */
  offset: number;
  /** The positions wanted, relative to the window: [from, to). */
  from: number;
  to: number;
}

type SliceRow = { key: string; total: number; page: number[] | null };

/** `head[from + 1 : to]` (SQL arrays count from 1). */
const pageOf = (head: SQL, slice: Slice) => sql`${head}[${slice.from + 1}:${slice.to}] as page`;

/** The stored slices of the current data version, in one statement and one snapshot. */
const readStored = async (db: Executor, slices: Slice[]) => {
  const reads = slices.map(
    (slice) => sql`select s.key, s.total, ${pageOf(sql`s.head`, slice)}
      from ${searchResults} s join ${videoDataVersion} v on v.id = 1 and v.n = s.version
     where s.key = ${slice.key}`,
  );
  const result = (await db.execute(sql.join(reads, sql` union all `))) as unknown as {
    rows: SliceRow[];
  };
  return new Map(result.rows.map((row) => [row.key, row]));
};

/**
 * Counts the list and reads its window in one statement, so the version stored is the one the
 * rows were counted and ordered under, and stores them unless the window lies past the end (a
 * request for page 10,000 leaves nothing behind). Concurrent computations of one key keep the
 * newest. Results of older versions can never be read again: they go, so the table holds the
 * lists asked for since the catalogue last changed.
 */
const computeAndStore = async (db: Executor, list: SharedList, slice: Slice) => {
  const matching = sql`from ${videos} where ${list.where}`;
  const head = list.orderBy
    ? sql`array(select ${videos.id} ${matching} order by ${sql.join(list.orderBy, sql`, `)}
        limit ${SHARED_WINDOW} offset ${slice.offset})`
    : sql`'{}'::integer[]`;
  const result = (await db.execute(sql`
    with computed as (
      select v.n as version, (select count(*)::int ${matching}) as total, ${head} as head
        from ${videoDataVersion} v where v.id = 1
    ),
    saved as (
      insert into ${searchResults} (key, version, total, head)
      select ${slice.key}, version, total, head from computed
       where ${slice.offset} = 0 or cardinality(head) > 0
      on conflict (key) do update
        set version = excluded.version, total = excluded.total, head = excluded.head
        where ${searchResults.version} < excluded.version
    ),
    pruned as (
      delete from ${searchResults} s using computed
       where s.version < computed.version and s.key <> ${slice.key}
    )
    select ${slice.key} as key, total, ${pageOf(sql`head`, slice)} from computed`)) as unknown as {
    rows: SliceRow[];
  };
  return result.rows[0];
};

/** The windows holding positions [from, to) of an ordered list, or its one row otherwise. */
const slicesOf = (list: SharedList, from: number, to: number): Slice[] => {
  if (!list.orderBy) return [{ key: list.key, offset: 0, from: 0, to: 0 }];
  const slices: Slice[] = [];
  for (let w = Math.floor(from / SHARED_WINDOW); w * SHARED_WINDOW < Math.max(to, 1); w++) {
    const offset = w * SHARED_WINDOW;
    slices.push({
      key: `${list.key}#${w}`,
      offset,
      from: Math.max(from - offset, 0),
      to: Math.min(to - offset, SHARED_WINDOW),
    });
  }
  return slices;
};

/** The exact total of a shared list and the ids at positions [from, to), in list order. */
export const sharedSlice = async (
  db: Executor,
  list: SharedList,
  from = 0,
  to = 0,
): Promise<{ total: number; ids: number[] }> => {
  const slices = slicesOf(list, from, to);
  const stored = await readStored(db, slices);
  const rows = await Promise.all(
    slices.map(async (slice) => stored.get(slice.key) ?? computeAndStore(db, list, slice)),
  );
  return {
    total: Number(rows.at(-1)?.total ?? 0),
    ids: rows.flatMap((row) => (row?.page ?? []).map(Number)),
  };
};

/** The exact total of the videos matching `where`, counted once per data version. */
export const sharedTotal = async (db: Executor, key: string, where: SQL | undefined) =>
  (await sharedSlice(db, { key, where })).total;

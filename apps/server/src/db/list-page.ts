import { count, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** A table joined to the listed one (history, likes, trending slots, playlist entries...). */
export interface ListJoin {
  table: PgTable;
  on: SQL;
}

/**
 * How a page's rows are read once its ids are known: the columns selected through drizzle, or
 * the entity's own cheaper statement.
 */
type PageRows =
  | { selection: SelectedFields; rows?: never }
  | { selection?: never; rows: (ids: number[]) => Promise<{ id: number }[]> };

/** What one entity gives to be listed a page at a time. */
export type PageQuery = PageRows & {
  /** The listed table and its integer primary key. */
  from: PgTable;
  id: PgColumn;
  /** Visibility and the list's own conditions. */
  where: SQL | undefined;
  orderBy: (SQL | PgColumn)[];
  joins?: ListJoin[];
  page: number;
  pageSize: number;
  /** A cheaper way to the total than counting the matching rows, when the entity has one. */
  total?: () => Promise<number>;
  /** A cheaper way to the page's ids than walking past the offset, when the list has one. */
  pageIds?: () => Promise<number[]>;
};

/**
 * The one paged list of videos, directs and playlists. A page is found by ids first (narrow,
 * often index-only) beside the total, then only its rows are read and answered in page order:
 * deep pages skip thousands of index entries instead of thousands of rows, and per-row
 * subqueries (tag ids, counts) run for the page only.
 */
export const listPage = async <Row extends { id: number }>(
  db: Executor,
  query: PageQuery,
): Promise<{ rows: Row[]; nResults: number }> => {
  const withJoins = <T extends { innerJoin: (table: PgTable, on: SQL) => T }>(select: T) =>
    (query.joins ?? []).reduce((joined, join) => joined.innerJoin(join.table, join.on), select);
  const countRows = async () => {
    const [counted] = await withJoins(db.select({ n: count() }).from(query.from).$dynamic()).where(
      query.where,
    );
    return Number(counted?.n ?? 0);
  };
  const walkToPage = async () => {
    const found = await withJoins(db.select({ id: query.id }).from(query.from).$dynamic())
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return found.map((row) => row.id as number);
  };
  const [ids, nResults] = await Promise.all([
    (query.pageIds ?? walkToPage)(),
    (query.total ?? countRows)(),
  ]);
  if (ids.length === 0) return { rows: [], nResults };
  const rows = (await (query.rows
    ? query.rows(ids)
    : db.select(query.selection!).from(query.from).where(inArray(query.id, ids)))) as Row[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined),
    nResults,
  };
};

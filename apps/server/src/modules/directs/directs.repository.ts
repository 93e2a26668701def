import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Direct, DirectList } from '@plateau/contract';
import { visibleDirect } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { listPage } from '../../db/list-page.ts';
import { directs, lives, settings } from '../../db/schema.ts';
import { searchCondition, searchRank } from './direct-search.repository.ts';

const directSelection = {
  id: directs.id,
  title: directs.title,
  description: directs.description,
  date: directs.date,
  privacy: directs.privacy,
  promotion: directs.promotion,
  gpaRestricted: directs.gpaRestricted,
  liveUrl: directs.liveUrl,
  hasPoster: directs.hasPoster,
  chatEnabled: directs.chatEnabled,
};

type DirectRow = Omit<
  typeof directs.$inferSelect,
  | 'searchText'
  | 'searchVector'
  | 'streamKey'
  | 'lowLatency'
  | 'chatSlowSeconds'
  | 'chatMembersOnly'
  | 'chatPinnedId'
>;

const toDirect = (row: DirectRow): Direct => ({
  id: row.id,
  title: row.title,
  description: row.description,
  date: new Date(row.date).toISOString(),
  privacy: row.privacy,
  promotion: row.promotion,
  gpaRestricted: row.gpaRestricted,
  liveUrl: row.liveUrl,
  hasPoster: row.hasPoster,
  chat: row.chatEnabled,
});

/** A direct and whether this viewer may see it, so "hidden" and "missing" stay distinct. */
export interface FoundDirect {
  direct: Direct;
  visible: boolean;
}

const withVisibility = (viewer: Viewer) => ({
  ...directSelection,
  visible: sql<boolean>`${visibleDirect(viewer)}`.mapWith(Boolean),
});

const toFound = (row: DirectRow & { visible: boolean }): FoundDirect => ({
  direct: toDirect(row),
  visible: row.visible,
});

export const findDirect = async (
  db: Executor,
  viewer: Viewer,
  id: number,
): Promise<FoundDirect | undefined> => {
  const [row] = await db.select(withVisibility(viewer)).from(directs).where(eq(directs.id, id));
  return row && toFound(row);
};

/** The direct that settings names as current, if any. */
export const findCurrentDirect = async (
  db: Executor,
  viewer: Viewer,
): Promise<FoundDirect | undefined> => {
  const [row] = await db
    .select(withVisibility(viewer))
    .from(settings)
    .innerJoin(directs, eq(directs.id, settings.currentDirectId))
    .where(eq(settings.id, 1));
  return row && toFound(row);
};

interface DirectListQuery {
  viewer: Viewer;
  where?: (SQL | undefined)[];
  orderBy: SQL[];
  page: number;
  pageSize: number;
}

/** Every direct list goes through here: visibility, paging and the total count together. */
const listDirects = async (db: Executor, query: DirectListQuery): Promise<DirectList> => {
  const { rows, nResults } = await listPage<DirectRow>(db, {
    from: directs,
    id: directs.id,
    selection: directSelection,
    where: and(visibleDirect(query.viewer), ...(query.where ?? [])),
    orderBy: query.orderBy,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { directs: rows.map(toDirect), nResults };
};

type Paging = Pick<DirectListQuery, 'viewer' | 'page' | 'pageSize'>;

export const listLatest = (db: Executor, paging: Paging) =>
  listDirects(db, { ...paging, orderBy: [desc(directs.date), desc(directs.id)] });

export const listUpcoming = (db: Executor, paging: Paging) =>
  listDirects(db, {
    ...paging,
    where: [sql`${directs.date} >= now()`],
    orderBy: [asc(directs.date), asc(directs.id)],
  });

export const searchDirects = (db: Executor, paging: Paging, term: string) =>
  listDirects(db, {
    ...paging,
    where: [searchCondition(term)],
    orderBy: [desc(searchRank(term)), desc(directs.date), desc(directs.id)],
  });

/** The visible direct right after (or before) `id` in (date, id) order. */
export const findNeighbour = async (
  db: Executor,
  viewer: Viewer,
  id: number,
  direction: 'next' | 'previous',
): Promise<Direct | undefined> => {
  const pivot = sql`(select p.date, p.id from directs p where p.id = ${id})`;
  const after = direction === 'next';
  const [row] = await db
    .select(directSelection)
    .from(directs)
    .where(
      and(
        visibleDirect(viewer),
        after
          ? sql`(${directs.date}, ${directs.id}) > ${pivot}`
          : sql`(${directs.date}, ${directs.id}) < ${pivot}`,
      ),
    )
    .orderBy(
      ...(after ? [asc(directs.date), asc(directs.id)] : [desc(directs.date), desc(directs.id)]),
    )
    .limit(1);
  return row && toDirect(row);
};

/** The columns a create or an update writes. */
export interface DirectValues {
  title: string;
  description: string;
  date: Date;
  privacy: number;
  promotion: number;
  gpaRestricted: boolean;
  liveUrl: string;
  chatEnabled: boolean;
}

export const insertDirect = async (db: Executor, values: DirectValues): Promise<Direct> => {
  const [row] = await db.insert(directs).values(values).returning(directSelection);
  return toDirect(row!);
};

export const updateDirect = async (
  db: Executor,
  id: number,
  values: DirectValues,
): Promise<Direct | undefined> => {
  const [row] = await db
    .update(directs)
    .set(values)
    .where(eq(directs.id, id))
    .returning(directSelection);
  return row && toDirect(row);
};

/** The stored values of a direct, locked until the transaction ends (read-modify-write). */
export const lockDirect = async (db: Executor, id: number): Promise<Direct | undefined> => {
  const [row] = await db
    .select(directSelection)
    .from(directs)
    .where(eq(directs.id, id))
    .for('update');
  return row && toDirect(row);
};

/** Videos and the current-direct setting are unlinked by their `on delete set null` keys. */
export const deleteDirect = async (db: Executor, id: number): Promise<boolean> =>
  (await db.delete(directs).where(eq(directs.id, id)).returning({ id: directs.id })).length > 0;

/** Whether the direct has a live that is not over (its recording is still being written). */
export const hasOpenLive = async (db: Executor, id: number): Promise<boolean> =>
  (
    await db
      .select({ id: lives.id })
      .from(lives)
      .where(and(eq(lives.directId, id), sql`${lives.state} <> 'ended'`))
      .limit(1)
  ).length > 0;

import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { tagNames } from './words.ts';

/** One measured call, and the answer it must give before its numbers mean anything. */
export interface Scenario {
  name: string;
  path: string;
  /** p99 target in milliseconds. */
  p99Target: number;
  expected: { nResults: number; pageLength: number; exact: boolean };
}

const PAGE_SIZE = 48;

/** The bench viewer is a plain `user`: published videos of privacy 0 or 1 (server-rules.md). */
const visibleToUser = `v.privacy in (0, 1) and v.processing = 3`;

const pageLength = (total: number, page: number) =>
  Math.max(0, Math.min(PAGE_SIZE, total - (page - 1) * PAGE_SIZE));

const count = async (database: DatabaseHandle, text: string, params: unknown[] = []) => {
  const { rows } = await database.query<{ n: string }>(text, params);
  return Number(rows[0]?.n ?? 0);
};

/** Scenarios with their expected totals, counted independently of the API's own SQL. */
export const buildScenarios = async (
  database: DatabaseHandle,
  viewerId: number,
): Promise<Scenario[]> => {
  // The two umbrella tags ('Campus', 'Soirées étudiantes') and the most used themed one.
  const { rows: tagRows } = await database.query<{ id: number }>(
    `select id from tags where name = any($1) order by id`,
    [tagNames.slice(0, 3)],
  );
  const tagIds = tagRows.map((row) => row.id);
  const all = await count(database, `select count(*) as n from videos v where ${visibleToUser}`);
  const taggedWith = (ids: number[]) =>
    count(
      database,
      `select count(*) as n from videos v where ${visibleToUser}
          and (select count(*) from video_tags vt where vt.video_id = v.id and vt.tag_id = any($1)) = $2`,
      [ids, ids.length],
    );
  const tagged = await taggedWith(tagIds.slice(0, 2));
  const tagged3 = await taggedWith(tagIds);
  const userList = (table: 'history' | 'likes') =>
    count(
      database,
      `select count(*) as n from ${table} h join videos v on v.id = h.video_id
        where h.user_id = $1 and ${visibleToUser}`,
      [viewerId],
    );
  const watched = await userList('history');
  const liked = await userList('likes');
  // Full-text matches; the API may add fuzzy (trigram) matches, so search totals are a floor.
  const matches = (term: string) =>
    count(
      database,
      `select count(*) as n from videos v where ${visibleToUser}
          and v.search_vector @@ plainto_tsquery('french', immutable_unaccent($1))`,
      [term],
    );
  const list = (page: number, tags: 0 | 2 | 3): Scenario => {
    const total = [all, all, tagged, tagged3][tags]!;
    const tagQuery = tagIds
      .slice(0, tags)
      .map((id) => `&tag_filter=${id}`)
      .join('');
    return {
      name: `list p${page}${tags ? ` + ${tags} tags` : ''}`,
      path: `/api/videos?page=${page}&page_size=${PAGE_SIZE}${tagQuery}`,
      p99Target: 50,
      expected: { nResults: total, pageLength: pageLength(total, page), exact: true },
    };
  };
  const search = async (label: string, term: string): Promise<Scenario> => {
    const total = await matches(term);
    return {
      name: `search ${label} "${term}"`,
      path: `/api/videos/search/${encodeURIComponent(term)}?page=1&page_size=${PAGE_SIZE}`,
      p99Target: 100,
      expected: { nResults: total, pageLength: pageLength(total, 1), exact: false },
    };
  };
  const ofUser = (label: string, route: string, total: number): Scenario => ({
    name: `${label} (${total.toLocaleString('en')} visible)`,
    path: `/api/videos/${route}?page=1&page_size=${PAGE_SIZE}`,
    p99Target: 50,
    expected: { nResults: total, pageLength: pageLength(total, 1), exact: true },
  });
  // Page 200, or the last page of a smaller catalogue.
  const deep = (total: number) => Math.min(200, Math.ceil(total / PAGE_SIZE));
  return [
    list(1, 0),
    list(deep(all), 0),
    list(1, 2),
    list(deep(tagged), 2),
    list(1, 3),
    await search('common', 'cérémonie'),
    await search('rare', 'éphémère'),
    ofUser('history', 'history', watched),
    ofUser('liked', 'liked', liked),
  ];
};

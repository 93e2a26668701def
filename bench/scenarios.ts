import type { DatabaseHandle } from '../apps/server/src/db/client.ts';

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
  const { rows: tagRows } = await database.query<{ id: number }>(
    `select id from tags where name in ('Campus', 'Soirées étudiantes') order by id`,
  );
  const tagIds = tagRows.map((row) => row.id);
  const all = await count(database, `select count(*) as n from videos v where ${visibleToUser}`);
  const tagged = await count(
    database,
    `select count(*) as n from videos v where ${visibleToUser}
        and (select count(*) from video_tags vt where vt.video_id = v.id and vt.tag_id = any($1)) = 2`,
    [tagIds],
  );
  const watched = await count(
    database,
    `select count(*) as n from history h join videos v on v.id = h.video_id
      where h.user_id = $1 and ${visibleToUser}`,
    [viewerId],
  );
  // Full-text matches; the API may add fuzzy (trigram) matches, so search totals are a floor.
  const matches = (term: string) =>
    count(
      database,
      `select count(*) as n from videos v where ${visibleToUser}
          and v.search_vector @@ plainto_tsquery('french', immutable_unaccent($1))`,
      [term],
    );
  const tagQuery = tagIds.map((id) => `&tag_filter=${id}`).join('');
  const list = (page: number, tags: boolean): Scenario => {
    const total = tags ? tagged : all;
    return {
      name: `list p${page}${tags ? ' + 2 tags' : ''}`,
      path: `/api/videos?page=${page}&page_size=${PAGE_SIZE}${tags ? tagQuery : ''}`,
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
  return [
    list(1, false),
    list(200, false),
    list(1, true),
    list(200, true),
    await search('common', 'cérémonie'),
    await search('rare', 'éphémère'),
    {
      name: 'history (20,000 watched)',
      path: `/api/videos/history?page=1&page_size=${PAGE_SIZE}`,
      p99Target: 50,
      expected: { nResults: watched, pageLength: pageLength(watched, 1), exact: true },
    },
  ];
};

import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { history, likes, tags, users, videos, videoTags } from './schema.ts';

const ctx = useTestApp();

/** Rows that differ between what the triggers kept and what counting the rows gives now. */
const drift = async () => {
  const { db } = ctx.database;
  const differ = (kept: string, real: string) =>
    db.execute(
      sql.raw(`with kept as (${kept}), real as (${real})
        select (select count(*) from (select * from kept except select * from real) a)
             + (select count(*) from (select * from real except select * from kept) b) as n,
               (select count(*) from kept) as kept`),
    ) as unknown as Promise<{ rows: { n: string; kept: string }[] }>;
  const tagIds = await db.execute(
    sql`select count(*)::int as n from videos v where tag_ids is distinct from coalesce((select array_agg(tag_id order by tag_id) from video_tags where video_id = v.id), '{}')`,
  );
  const tagCounts = await differ(
    `select tag_a, tag_b, privacy, gpa_restricted, processing, n from video_tag_counts where n <> 0`,
    `select k.tag_a, k.tag_b, v.privacy, v.gpa_restricted, v.processing, count(*)::int
       from videos v, video_tag_count_keys(v.tag_ids) k group by 1, 2, 3, 4, 5`,
  );
  const userCounts = await differ(
    // A deleted user's rows are left behind (never read): only current users count.
    `select user_id, list, privacy, gpa_restricted, processing, n from user_video_counts
      where n <> 0 and user_id in (select id from users)`,
    `select r.user_id, r.list::smallint, v.privacy, v.gpa_restricted, v.processing, count(*)::int
       from (select user_id, video_id, 0 as list from history
             union all select user_id, video_id, 1 from likes) r
       join videos v on v.id = r.video_id group by 1, 2, 3, 4, 5`,
  );
  return {
    tagIds: Number((tagIds as unknown as { rows: { n: number }[] }).rows[0]!.n),
    tagCounts: Number(tagCounts.rows[0]!.n),
    userCounts: Number(userCounts.rows[0]!.n),
    kept: Number(tagCounts.rows[0]!.kept) > 0 && Number(userCounts.rows[0]!.kept) > 0,
  };
};

/**
 * Several videos in one statement take their count rows video after video, so two such
 * statements can lock in opposite orders; PostgreSQL then aborts one whole (40P01), which
 * changes nothing, and it runs again. (The app writes one video per statement, after its row.)
 */
const againAfterLockCycle = async (write: () => Promise<unknown>): Promise<unknown> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== '40P01' || attempt === 5) throw error;
    }
  }
};

describe('tag and user list counts', () => {
  it('match the rows after concurrent tag, visibility, history, like and delete writes', async () => {
    const { db } = ctx.database;
    const tagIds = (
      await db
        .insert(tags)
        .values(Array.from({ length: 5 }, (_, i) => ({ name: `compte-${i}` })))
        .returning({ id: tags.id })
    ).map((r) => r.id);
    const userIds = (
      await db
        .insert(users)
        .values(Array.from({ length: 6 }, (_, i) => ({ username: `compteur-${i}`, role: 'user' })))
        .returning({ id: users.id })
    ).map((r) => r.id);
    const videoIds = (
      await db
        .insert(videos)
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            title: `Compte ${i}`,
            privacy: i % 4,
            gpaRestricted: i % 8 === 2,
            processing: i % 5 === 0 ? 1 : 3,
          })),
        )
        .returning({ id: videos.id })
    ).map((r) => r.id);
    const geek = await ctx.createUser('geek');
    const answers: unknown[] = await Promise.all([
      ...videoIds.map((id, i) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/videos/${id}`,
          headers: geek.auth,
          payload: { title: `Compte ${i}`, privacy: (i + 1) % 4, tagIds: tagIds.slice(i % 3) },
        }),
      ),
      ...userIds.flatMap((userId, u) =>
        videoIds
          .filter((_, i) => (i + u) % 3 === 0)
          .map((videoId) =>
            db.transaction(async (tx) => {
              await tx.insert(history).values({ userId, videoId });
              await tx.insert(likes).values({ userId, videoId });
            }),
          ),
      ),
    ]);
    const statuses = answers
      .slice(0, videoIds.length)
      .map((answer) => (answer as { statusCode: number }).statusCode);
    expect(statuses).toEqual(videoIds.map(() => 200));
    await db
      .update(videos)
      .set({ processing: 3 })
      .where(inArray(videos.id, videoIds.slice(0, 10)));
    await db.delete(videoTags).where(inArray(videoTags.tagId, tagIds.slice(0, 1)));
    await db.delete(tags).where(inArray(tags.id, tagIds.slice(1, 2)));
    await Promise.all([
      againAfterLockCycle(() => db.delete(videos).where(inArray(videos.id, videoIds.slice(20)))),
      againAfterLockCycle(() =>
        db.delete(history).where(inArray(history.videoId, videoIds.slice(5, 15))),
      ),
      againAfterLockCycle(() => db.delete(users).where(inArray(users.id, userIds.slice(0, 2)))),
    ]);
    expect(await drift()).toEqual({ tagIds: 0, tagCounts: 0, userCounts: 0, kept: true });
  });
});

import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { videoCounts, videos } from './schema.ts';

const ctx = useTestApp();

/** What video_counts says, and what counting the videos says: they must always agree. */
const both = async () => {
  const { db } = ctx.database;
  const kept = await db.select().from(videoCounts);
  const counted = await db
    .select({
      privacy: videos.privacy,
      gpaRestricted: videos.gpaRestricted,
      processing: videos.processing,
      n: sql<number>`count(*)::int`,
    })
    .from(videos)
    .groupBy(videos.privacy, videos.gpaRestricted, videos.processing);
  const key = (r: { privacy: number; gpaRestricted: boolean; processing: number }) =>
    `${r.privacy}/${r.gpaRestricted}/${r.processing}`;
  const asMap = (
    rows: { privacy: number; gpaRestricted: boolean; processing: number; n: number }[],
  ) => Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [key(r), r.n]));
  return { kept: asMap(kept), counted: asMap(counted) };
};

describe('video_counts', () => {
  it('follows inserts, visibility changes and deletes, even when they run at once', async () => {
    const { db } = ctx.database;
    const inserted = await db
      .insert(videos)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          title: `Compte ${i}`,
          privacy: i % 4,
          gpaRestricted: i % 4 === 2 && i % 8 === 2,
          processing: i % 5 === 0 ? 1 : 3,
        })),
      )
      .returning({ id: videos.id });
    const ids = inserted.map((r) => r.id);
    await Promise.all(
      ids.map((id, i) =>
        db
          .update(videos)
          .set(i % 2 === 0 ? { privacy: (i + 1) % 4 } : { processing: 3, title: 'inchangé' })
          .where(eq(videos.id, id)),
      ),
    );
    await db
      .update(videos)
      .set({ privacy: 0 })
      .where(inArray(videos.id, ids.slice(0, 10)));
    await db.delete(videos).where(inArray(videos.id, ids.slice(30)));
    const { kept, counted } = await both();
    expect(kept).toEqual(counted);

    const geek = await ctx.createUser('geek');
    const latest = await ctx.app.inject({ url: '/api/videos', headers: geek.auth });
    expect(latest.json().nResults).toBe(
      Object.entries(counted)
        .filter(([k]) => k.endsWith('/3'))
        .reduce((sum, [, n]) => sum + n, 0),
    );
  });
});

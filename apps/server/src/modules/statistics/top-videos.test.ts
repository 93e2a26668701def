import { addDays } from '@plateau/contract';
import { describe, expect, it } from 'vitest';
import { videos } from '../../db/schema.ts';
import { statsVideoDays } from '../../db/statistics-schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { topVideos } from './statistics.repository.ts';

const ctx = useTestApp();

/** A small deterministic generator: the same rows on every run. */
const randomFrom = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('the top videos of a period', () => {
  it('are exactly those of adding every day up, whatever the spread of their views', async () => {
    const ids = (
      await ctx.database.db
        .insert(videos)
        .values(Array.from({ length: 40 }, (_, i) => ({ title: `Vidéo ${i}` })))
        .returning({ id: videos.id })
    ).map((row) => row.id);
    const random = randomFrom(35);
    const rows: { videoId: number; day: string; views: number; seconds: number }[] = [];
    for (let d = 0; d < 30; d += 1) {
      const day = addDays('2026-09-01', d);
      for (const [index, videoId] of ids.entries()) {
        // Some videos have a big day now and then; the steady ones a few views every day,
        // which add up past them without any big day of their own.
        const steady = index % 5 === 0;
        const views = steady
          ? 3 + Math.floor(random() * 2)
          : random() < 0.1
            ? Math.floor(random() * 40)
            : 0;
        if (views > 0) rows.push({ videoId, day, views, seconds: views * 30 + index });
      }
    }
    await ctx.database.db.insert(statsVideoDays).values(rows);

    const bySum = (from: string, to: string) => {
      const totals = new Map<number, { views: number; seconds: number }>();
      for (const row of rows.filter((r) => r.day >= from && r.day <= to)) {
        const total = totals.get(row.videoId) ?? { views: 0, seconds: 0 };
        total.views += row.views;
        total.seconds += row.seconds;
        totals.set(row.videoId, total);
      }
      return [...totals]
        .map(([id, total]) => ({ id, title: `Vidéo ${ids.indexOf(id)}`, ...total }))
        .sort((a, b) => b.views - a.views || b.seconds - a.seconds || a.id - b.id)
        .slice(0, 10);
    };
    for (const [from, to] of [
      ['2026-09-01', '2026-09-30'],
      ['2026-09-10', '2026-09-16'],
      ['2026-09-05', '2026-09-05'],
      ['2026-10-01', '2026-10-31'],
    ] as const) {
      expect(await topVideos(ctx.database.db, from, to, 10), `${from} ${to}`).toEqual(
        bySum(from, to),
      );
    }
    // The steady videos lead the month without a big day: the floor let them in.
    const month = await topVideos(ctx.database.db, '2026-09-01', '2026-09-30', 10);
    expect(month.filter((video) => ids.indexOf(video.id) % 5 === 0).length).toBeGreaterThan(0);
  });
});

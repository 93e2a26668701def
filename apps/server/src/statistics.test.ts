import { Privacy, type PlayedRange, type VideoStatistics } from '@plateau/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { lives, videos } from './db/schema.ts';
import { seedCardVideo } from './modules/media/trims.test-helpers.ts';
import { postDirect } from './test/directs.ts';
import { useTestApp, type TestUser } from './test/harness.ts';
import { waitFor } from './test/plateau-process.ts';

/** The statistics' wall clock: the script moves it across hours and days. */
let clock = Date.parse('2026-03-10T19:00:00Z'); // 20:00 in Paris
// Sums written every 200 ms and lives sampled every second: the same writes, sooner.
const everyMs = { write: 200, liveSample: 1000 };
const ctx = useTestApp({
  extra: { extraDeps: { wallClock: () => clock, statisticsEveryMs: everyMs } },
});
const later = (seconds: number) => (clock += seconds * 1000);

let student: TestUser;
let member: TestUser;
let geek: TestUser;
let videoId: number;
/** The direct whose live the live scenario keeps. */
let liveDirectId: number;
beforeAll(async () => {
  student = await ctx.createUser('user');
  member = await ctx.createUser('plateau');
  geek = await ctx.createUser('geek');
  videoId = await seedCardVideo(ctx); // 20 s, public
}, 120_000);

interface Sender {
  user?: TestUser;
  address?: string;
  browser?: string;
}

const beat = (
  from: Sender,
  body: { watch: string; sequence: number; played: PlayedRange[] } & Record<string, unknown>,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/stats/heartbeat${from.user ? `?token=${from.user.token}` : ''}`,
    remoteAddress: from.address ?? '10.0.0.1',
    headers: { 'user-agent': from.browser ?? 'Firefox/140', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const played = (...ranges: [number, number][]) => ranges.map(([start, end]) => ({ start, end }));

const videoStats = (from: string, to: string, as: TestUser = member) =>
  ctx.app.inject({
    url: `/api/stats/videos/${videoId}?from=${from}&to=${to}`,
    headers: as.auth,
  });

/** Waits for the next write of the sums (every few seconds) to show `check`. */
const written = (from: string, to: string, check: (stats: VideoStatistics) => boolean) =>
  waitFor(
    'the sums written',
    async () => (await videoStats(from, to)).json() as VideoStatistics,
    check,
    15_000,
  );

describe('statistics: what the players report becomes sums', () => {
  it('counts views, viewers, seconds and retention exactly, once per viewer and hour, without linking days', async () => {
    const visitor = { address: '10.0.0.1', browser: 'Firefox/140' };
    // A student plays 12 s: the view counts at 10 s.
    expect(
      (
        await beat(
          { user: student },
          { videoId, watch: 'student-page-1', sequence: 0, played: played([0, 6]) },
        )
      ).statusCode,
    ).toBe(204);
    later(6);
    await beat(
      { user: student },
      { videoId, watch: 'student-page-1', sequence: 1, played: played([6, 12]) },
    );
    // The same heartbeat again (a replay): counted once.
    expect(
      (
        await beat(
          { user: student },
          { videoId, watch: 'student-page-1', sequence: 1, played: played([6, 12]) },
        )
      ).statusCode,
    ).toBe(204);
    // A forged one from a new page, one second later, claiming the whole video: only what a
    // second allows (2 s at 2x, and 2 s of slack) is added, and no second view.
    later(1);
    await beat(
      { user: student },
      { videoId, watch: 'forged-page-1', sequence: 0, played: played([0, 20]) },
    );
    // A visitor plays 5 s (no view yet), then the rest: one view.
    await beat(visitor, { videoId, watch: 'visitor-page-1', sequence: 0, played: played([0, 5]) });
    later(15);
    await beat(visitor, { videoId, watch: 'visitor-page-1', sequence: 1, played: played([5, 20]) });
    // A member seeks: 3 s, then 5 s further on; 8 s is no view.
    await beat(
      { user: member },
      { videoId, watch: 'member-page-1', sequence: 0, played: played([0, 3], [15, 20]) },
    );
    // Two hours later the student watches again: a second view, still one viewer that day.
    later(2 * 3600);
    await beat(
      { user: student },
      { videoId, watch: 'student-page-2', sequence: 0, played: played([0, 10]) },
    );

    const day1 = await written('2026-03-10', '2026-03-10', (s) => s.totals.views === 3);
    expect(day1.days).toEqual([{ day: '2026-03-10', views: 3, viewers: 2, seconds: 54 }]);
    expect(day1.totals).toEqual({ views: 3, viewerDays: 2, seconds: 54 });
    expect(day1.video.duration).toBeCloseTo(20, 0);
    // The first half played by both views of the student and the visitor's; the rest by fewer.
    expect(day1.retention.slice(0, 50)).toEqual(new Array(50).fill(3));
    expect(day1.retention.slice(50, 60)).toEqual(new Array(10).fill(2));
    expect(day1.retention.slice(60)).toEqual(new Array(40).fill(1));

    // The next day, the same visitor (same address, same browser) is a new viewer.
    later(24 * 3600);
    await beat(visitor, { videoId, watch: 'visitor-page-2', sequence: 0, played: played([0, 12]) });
    const both = await written('2026-03-10', '2026-03-11', (s) => s.totals.views === 4);
    expect(both.days).toEqual([
      { day: '2026-03-10', views: 3, viewers: 2, seconds: 54 },
      { day: '2026-03-11', views: 1, viewers: 1, seconds: 12 },
    ]);
    expect(both.averageShare).toBeCloseTo(66 / (4 * 20), 1);
    expect(both.previous).toEqual({
      from: '2026-03-08',
      to: '2026-03-09',
      views: 0,
      viewerDays: 0,
      seconds: 0,
    });

    // The site's days add videos up the same way.
    const site = await ctx.app.inject({
      url: '/api/stats/site?from=2026-03-10&to=2026-03-11',
      headers: geek.auth,
    });
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json().totals).toMatchObject({ views: 4, viewerDays: 3, seconds: 66 });
    expect(site.json().topVideos).toEqual([{ id: videoId, title: 'Gala', views: 4, seconds: 66 }]);

    // Nothing in the statistics' tables can name anyone: no text or bytes column at all.
    const columns = await ctx.database.query(
      `select table_name, column_name from information_schema.columns
       where table_name like 'stats\\_%' and data_type in ('text', 'bytea', 'character varying', 'jsonb')`,
    );
    expect(columns.rows).toEqual([]);
    const all = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from information_schema.columns where table_name like 'stats\\_%'`,
    );
    expect(all.rows[0]!.n).toBeGreaterThan(20);
  }, 60_000);

  it('refuses what a viewer may not send, and counts none of it', async () => {
    const [hidden] = await ctx.database.db
      .insert(videos)
      .values({ title: 'Interne', processing: 3, privacy: Privacy.School, rungs: [] })
      .returning({ id: videos.id });
    const cases: [Sender, Record<string, unknown>, number, string?][] = [
      [{}, { videoId: hidden!.id }, 401],
      [{}, { videoId: 99_999 }, 404, 'Vidéo introuvable'],
      [{}, { videoId, played: played([25, 30]) }, 400, 'Une plage lue dépasse la fin de la vidéo'],
      [{}, { videoId, played: played([8, 4]) }, 400, 'Une plage lue finit avant de commencer'],
      [
        {},
        { videoId, directId: 1 },
        400,
        'Un battement porte sur une vidéo ou sur un direct, pas les deux',
      ],
      [{}, {}, 400, 'Un battement porte sur une vidéo ou sur un direct, pas les deux'],
      [{}, { videoId, watch: '<script>' }, 400],
    ];
    for (const [from, body, status, message] of cases) {
      const answer = await beat(from, {
        watch: 'refused-page',
        sequence: 0,
        played: played([0, 1]),
        ...body,
      });
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(answer.json().message).toBe(message);
    }
    // A flood from one visitor: refused with the time to wait once its burst is spent.
    const flood = { address: '10.9.9.9', browser: 'curl/8' };
    const answers = [];
    for (let sequence = 0; sequence < 25; sequence += 1) {
      answers.push(
        (await beat(flood, { videoId, watch: 'flood-page', sequence, played: [] })).statusCode,
      );
    }
    expect(answers.slice(0, 20)).toEqual(new Array(20).fill(204));
    expect(answers.slice(20)).toEqual(new Array(5).fill(429));
    const refused = await beat(flood, {
      videoId,
      watch: 'flood-page',
      sequence: 99,
      played: played([0, 15]),
    });
    expect(refused.json().message).toMatch(/^Trop de battements : réessayez dans \d+ s$/);
  });

  it('counts the views of a video from before rendition indexes, without a retention curve', async () => {
    const [old] = await ctx.database.db
      .insert(videos)
      .values({ title: 'Ancienne', processing: 3, privacy: Privacy.Public, rungs: [] })
      .returning({ id: videos.id });
    const sent = await beat(
      { address: '10.4.0.1' },
      { videoId: old!.id, watch: 'old-video-page', sequence: 0, played: played([0, 12]) },
    );
    expect(sent.statusCode, sent.body).toBe(204);
    const day = new Date(clock).toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
    const stats = await waitFor(
      'the view written',
      async () =>
        (
          await ctx.app.inject({
            url: `/api/stats/videos/${old!.id}?from=${day}&to=${day}`,
            headers: member.auth,
          })
        ).json() as VideoStatistics,
      (s) => s.totals.views === 1,
    );
    expect(stats.totals).toEqual({ views: 1, viewerDays: 1, seconds: 12 });
    expect(stats.retention).toEqual(new Array(100).fill(0));
  });

  it('shows its figures to members and geeks only', async () => {
    const asked = [
      ['/api/stats/site?from=2026-03-01&to=2026-03-31', undefined, 401],
      ['/api/stats/site?from=2026-03-01&to=2026-03-31', student, 403],
      [`/api/stats/videos/${videoId}?from=2026-03-01&to=2026-03-31`, student, 403],
      ['/api/stats/directs/1', undefined, 401],
      ['/api/stats/site?from=2026-03-31&to=2026-03-01', member, 400],
      ['/api/stats/site?from=2020-01-01&to=2026-03-01', member, 400],
      ['/api/stats/site?from=2026-3-1&to=2026-03-31', member, 400],
      ['/api/stats/videos/99999?from=2026-03-01&to=2026-03-31', member, 404],
    ] as const;
    for (const [url, who, status] of asked) {
      const answer = await ctx.app.inject({ url, headers: who?.auth ?? {} });
      expect(answer.statusCode, url).toBe(status);
    }
  });

  it("keeps a live's viewers every 10 s, its unique viewers and time watched", async () => {
    // A rehearsal's two lives first: the gala's live has another id than its direct.
    const rehearsal = await postDirect(ctx, geek, { title: 'Répétition', privacy: Privacy.Public });
    await ctx.database.db.insert(lives).values([
      { directId: rehearsal.id, state: 'ended', parts: 1 },
      { directId: rehearsal.id, state: 'ended', parts: 1 },
    ]);
    const direct = await postDirect(ctx, geek, { title: 'Gala', privacy: Privacy.Public });
    liveDirectId = direct.id;
    const [live] = await ctx.database.db
      .insert(lives)
      .values({ directId: direct.id, state: 'live', parts: 1 })
      .returning({ id: lives.id });
    expect(live!.id).not.toBe(direct.id);
    // Three viewers fetch its playlist (the count the page shows), two of them report.
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      await ctx.app.inject({
        url: `/api/media/live/${direct.id}/master.m3u8`,
        remoteAddress: address,
      });
    }
    for (const address of ['10.1.0.1', '10.1.0.2']) {
      const from = { address, browser: 'Chrome/142' };
      const sent = await beat(from, {
        directId: direct.id,
        watch: `live-${address.replaceAll('.', '-')}`,
        sequence: 0,
        played: played([100, 112]),
      });
      expect(sent.statusCode, sent.body).toBe(204);
    }
    const stats = await waitFor(
      'a sample with the three viewers, and the sums',
      async () => {
        // Time goes on: each sample has its own 10 s.
        later(10);
        return (
          await ctx.app.inject({ url: `/api/stats/directs/${direct.id}`, headers: member.auth })
        ).json();
      },
      (s) => s.lives[0]?.peak?.viewers === 3 && s.lives[0]?.uniqueViewers === 2,
      25_000,
    );
    // Its count now fades 15 s after the last fetch: a number while the live runs.
    expect(typeof stats.viewersNow).toBe('number');
    expect(stats.lives[0]).toMatchObject({
      id: live!.id,
      uniqueViewers: 2,
      seconds: 24,
      averageSeconds: 12,
    });
    expect(Date.parse(stats.lives[0].peak.at) % 10_000).toBe(0);
    // The site's top directs of the day it started: its peak and its viewers.
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
    const site = await ctx.app.inject({
      url: `/api/stats/site?from=${day}&to=${day}`,
      headers: member.auth,
    });
    expect(site.json().topDirects).toEqual([
      {
        id: direct.id,
        title: 'Gala',
        startedAt: expect.any(String),
        peakViewers: 3,
        uniqueViewers: 2,
      },
      {
        id: rehearsal.id,
        title: 'Répétition',
        startedAt: expect.any(String),
        peakViewers: 0,
        uniqueViewers: 0,
      },
    ]);
  }, 40_000);

  it('two instances add to the same rows: the day holds the sum of both', async () => {
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      storage: ctx.storage,
      extraDeps: { wallClock: () => clock, statisticsEveryMs: everyMs },
    });
    try {
      later(24 * 3600);
      const day = new Date(clock).toISOString().slice(0, 10); // 22:00 in Paris: the same day
      const sendTo = (app: typeof other, address: string) =>
        app.inject({
          method: 'POST',
          url: '/api/stats/heartbeat',
          remoteAddress: address,
          headers: { 'user-agent': 'Safari/19', 'content-type': 'application/json' },
          payload: JSON.stringify({
            videoId,
            watch: `two-${address.replaceAll('.', '-')}`,
            sequence: 0,
            played: played([0, 11]),
          }),
        });
      for (const address of ['10.2.0.1', '10.2.0.2']) {
        expect((await sendTo(ctx.app, address)).statusCode).toBe(204);
      }
      for (const address of ['10.2.0.3', '10.2.0.4', '10.2.0.5']) {
        expect((await sendTo(other, address)).statusCode).toBe(204);
      }
      const sums = await written(day, day, (s) => s.totals.views === 5);
      expect(sums.days).toEqual([{ day, views: 5, viewers: 5, seconds: 55 }]);
    } finally {
      await other.close();
    }
  });

  it("deleting a video or a direct deletes its statistics; the site's days keep their sums", async () => {
    // The video's rows (another video keeps its own), and every live's (only the gala had some).
    const rows = async (table: string) =>
      (
        await ctx.database.query<{ n: number }>(
          `select count(*)::int as n from ${table}${table.includes('live') ? '' : ` where video_id = ${videoId}`}`,
        )
      ).rows[0]!.n;
    expect(await rows('stats_video_days')).toBeGreaterThan(0);
    expect(await rows('stats_live_samples')).toBeGreaterThan(0);
    // The live is over (a running one keeps its direct).
    await ctx.database.query(`update lives set state = 'ended', ended_at = now()`);
    for (const url of [`/api/videos/${videoId}`, `/api/directs/${liveDirectId}`]) {
      const gone = await ctx.app.inject({ method: 'DELETE', url, headers: geek.auth });
      expect(gone.statusCode, gone.body).toBeLessThan(300);
    }
    for (const table of [
      'stats_video_days',
      'stats_retention',
      'stats_views_before',
      'stats_lives',
      'stats_live_samples',
    ]) {
      expect(await rows(table), table).toBe(0);
    }
    const site = (
      await ctx.app.inject({
        url: '/api/stats/site?from=2026-03-10&to=2026-03-12',
        headers: member.auth,
      })
    ).json();
    // The two videos' 10 views and the live's 2: what the site had stays.
    expect(site.totals.views).toBe(12);
    // The deleted video has left the top; the other stays.
    expect(site.topVideos.map((video: { title: string }) => video.title)).toEqual(['Ancienne']);
  });
});

describe("the site's uploads", () => {
  it('counts each day the videos uploaded between its own midnights, across a change of time', async () => {
    // Paris goes from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    const uploadedAt = [
      '2026-03-27T10:00:00Z', // the period before
      '2026-03-28T22:59:59Z', // 28 March, 23:59:59 in Paris
      '2026-03-28T23:00:00Z', // 29 March, midnight
      '2026-03-29T21:59:59Z', // 29 March, 23:59:59 (summer time)
      '2026-03-29T22:00:00Z', // 30 March, midnight
    ];
    await ctx.database.db.insert(videos).values(
      uploadedAt.map((at, index) => ({
        title: `Mise en ligne ${index}`,
        processing: 3,
        privacy: Privacy.Public,
        rungs: [],
        uploadedAt: new Date(at),
      })),
    );
    const response = await ctx.app.inject({
      url: '/api/stats/site?from=2026-03-28&to=2026-03-30',
      headers: member.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    const site = response.json();
    expect(
      site.days.map((day: { day: string; uploads: number }) => [day.day, day.uploads]),
    ).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 2],
      ['2026-03-30', 1],
    ]);
    expect(site.totals.uploads).toBe(4);
    expect(site.previous.uploads).toBe(1);
  });
});

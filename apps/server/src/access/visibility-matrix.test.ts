import { describe, expect, it, beforeAll } from 'vitest';
import type { Role } from '@plateau/contract';
import {
  directs,
  playlistVideos,
  playlists,
  tags,
  trendingSlots,
  videos,
  videoTags,
} from '../db/schema.ts';
import { useTestApp, type TestUser } from '../test/harness.ts';

/**
 * Every role, with and without gda_access, against every privacy level and processing state,
 * on every kind of read: the rule of server-rules.md "Who sees what", written here a second
 * time on purpose as an independent oracle.
 */
const ctx = useTestApp();

interface Seeded {
  id: number;
  privacy: number;
  gpaRestricted: boolean;
  processing: number;
}

type ViewerCase = { name: string; role: Role | null; gda: boolean };
const viewerCases: ViewerCase[] = [
  { name: 'visitor', role: null, gda: false },
  { name: 'user', role: 'user', gda: false },
  { name: 'user+gda', role: 'user', gda: true },
  { name: 'plateau', role: 'plateau', gda: false },
  { name: 'plateau+gda', role: 'plateau', gda: true },
  { name: 'geek', role: 'geek', gda: false },
  { name: 'geek+gda', role: 'geek', gda: true },
];

const member = (role: Role | null) => role === 'plateau' || role === 'geek';

const privacyAllows = (c: ViewerCase, privacy: number, gpaRestricted: boolean) => {
  switch (privacy) {
    case 0:
      return true;
    case 1:
      return c.role !== null;
    case 2:
      return member(c.role) && (!gpaRestricted || c.gda || c.role === 'geek');
    default:
      return member(c.role);
  }
};

const canSeeVideo = (c: ViewerCase, v: Seeded) =>
  privacyAllows(c, v.privacy, v.gpaRestricted) && (v.processing === 3 || member(c.role));

const ids = (list: { id: number }[]) => list.map((x) => x.id).sort((a, b) => a - b);

const seeded: Seeded[] = [];
const seededDirects: Seeded[] = [];
let tagId = 0;
let playlistCode = '';
const trending: number[] = [];
const viewers = new Map<string, TestUser | null>();

beforeAll(async () => {
  const { db } = ctx.database;
  const [tag] = await db.insert(tags).values({ name: 'matrice' }).returning();
  tagId = tag!.id;
  const geek = await ctx.createUser('geek');
  let n = 0;
  for (const privacy of [0, 1, 2, 3]) {
    for (const gpaRestricted of privacy === 2 ? [false, true] : [false]) {
      for (const processing of [1, 3]) {
        n += 1;
        const [row] = await db
          .insert(videos)
          .values({
            title: `Vidéo matricielle ${n}`,
            description: 'échantillon de visibilité',
            privacy,
            gpaRestricted,
            processing,
            likeCount: n,
            views: n,
            date: new Date(Date.UTC(2025, 0, n)),
            authorId: geek.id,
          })
          .returning({ id: videos.id });
        seeded.push({ id: row!.id, privacy, gpaRestricted, processing });
        await db.insert(videoTags).values({ videoId: row!.id, tagId });
      }
      const [direct] = await db
        .insert(directs)
        .values({ title: `Direct matriciel ${privacy}`, privacy, gpaRestricted, date: new Date() })
        .returning({ id: directs.id });
      seededDirects.push({ id: direct!.id, privacy, gpaRestricted, processing: 3 });
    }
  }
  const published = seeded.filter((v) => v.processing === 3);
  const [playlist] = await db
    .insert(playlists)
    .values({ code: 'matrice01', title: 'Matrice', authorId: geek.id, isPublic: true })
    .returning();
  playlistCode = playlist!.code;
  await db
    .insert(playlistVideos)
    .values(
      published.map((v, position) => ({ playlistId: playlist!.id, videoId: v.id, position })),
    );
  for (const [index, v] of published.slice(0, 5).entries()) {
    await db.insert(trendingSlots).values({ slot: index + 1, videoId: v.id });
    trending.push(v.id);
  }
  for (const c of viewerCases) {
    viewers.set(c.name, c.role ? await ctx.createUser(c.role, { gdaAccess: c.gda }) : null);
  }
});

const get = (c: ViewerCase, url: string) =>
  ctx.app.inject({ url, headers: viewers.get(c.name)?.auth ?? {} });

const hiddenStatus = (c: ViewerCase) => (c.role === null ? 401 : 403);

describe.each(viewerCases)('what $name sees', (c) => {
  const visible = () => seeded.filter((v) => canSeeVideo(c, v));
  const visiblePublished = () => visible().filter((v) => v.processing === 3);

  it('in the latest list, its count and with a tag filter', async () => {
    for (const url of [
      '/api/videos?page_size=100',
      `/api/videos?page_size=100&tag_filter=${tagId}`,
    ]) {
      const body = (await get(c, url)).json();
      expect(ids(body.videos)).toEqual(ids(visiblePublished()));
      expect(body.nResults).toBe(visiblePublished().length);
    }
  });

  it('in search results and their count', async () => {
    const body = (await get(c, '/api/videos/search/matricielle?page_size=100')).json();
    expect(ids(body.videos)).toEqual(ids(visiblePublished()));
    expect(body.nResults).toBe(visiblePublished().length);
  });

  it('in most liked, most viewed and random picks', async () => {
    for (const kind of ['mostLiked', 'mostViewed']) {
      const body = (await get(c, `/api/videos/${kind}?page_size=100`)).json();
      expect(ids(body.videos)).toEqual(ids(visiblePublished()));
      expect(body.nResults).toBe(visiblePublished().length);
    }
    const random = (await get(c, '/api/videos/random')).json();
    const allowed = new Set(visiblePublished().map((v) => v.id));
    expect(random.videos.length).toBe(Math.min(6, allowed.size));
    for (const v of random.videos) expect(allowed.has(v.id)).toBe(true);
  });

  it('in trending slots', async () => {
    const body = (await get(c, '/api/videos/trending')).json();
    const expected = trending.filter((id) =>
      canSeeVideo(
        c,
        seeded.find((v) => v.id === id)!,
      ),
    );
    expect(body.videos.map((v: { id: number }) => v.id)).toEqual(expected);
  });

  it('when fetching each video by id', async () => {
    for (const v of seeded) {
      const response = await get(c, `/api/videos/${v.id}`);
      expect(response.statusCode, `video ${JSON.stringify(v)}`).toBe(
        canSeeVideo(c, v) ? 200 : hiddenStatus(c),
      );
    }
  });

  it('in the pending queue (members only)', async () => {
    const response = await get(c, '/api/videos/pending?page_size=100');
    if (!member(c.role)) {
      expect(response.statusCode).toBe(hiddenStatus(c));
      return;
    }
    const body = response.json();
    expect(ids(body.videos)).toEqual(ids(visible().filter((v) => v.processing < 3)));
    expect(body.nResults).toBe(visible().filter((v) => v.processing < 3).length);
  });

  it("in a playlist's videos", async () => {
    const response = await get(c, `/api/videos/playlist/${playlistCode}?page_size=100`);
    if (c.role === null) {
      expect(response.statusCode).toBe(401);
      return;
    }
    const body = response.json();
    expect(ids(body.videos)).toEqual(ids(visiblePublished()));
    expect(body.nResults).toBe(visiblePublished().length);
  });

  it('in directs, listed and fetched by id', async () => {
    const expected = seededDirects.filter((d) => privacyAllows(c, d.privacy, d.gpaRestricted));
    const body = (await get(c, '/api/directs?page_size=100')).json();
    expect(ids(body.directs)).toEqual(ids(expected));
    expect(body.nResults).toBe(expected.length);
    for (const d of seededDirects) {
      const response = await get(c, `/api/directs/${d.id}`);
      expect(response.statusCode).toBe(
        privacyAllows(c, d.privacy, d.gpaRestricted) ? 200 : hiddenStatus(c),
      );
    }
  });
});

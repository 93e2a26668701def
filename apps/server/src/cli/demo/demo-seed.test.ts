import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Direct, Playlist, PlaylistList, Video, VideoList } from '@plateau/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { locateMediaBinaries } from '../../media-tools/binaries.ts';
import { startEncodeWorker, type EncodeWorker } from '../../modules/encoding/encode-worker.ts';
import { ensureAdmin } from '../../modules/users/ensure-admin.ts';
import { useTestApp } from '../../test/harness.ts';
import { testTmpDir } from '../../test/test-env.ts';
import { createDemoClient, type DemoClient, type DemoSession } from './demo-client.ts';
import type { DemoContent } from './demo-content.ts';
import { generateDemoMedia } from './demo-media.ts';
import { seedDemo, type DemoSeedResult } from './demo-seed.ts';

/** The demo's shape in miniature: two small clips, one direct, one featured playlist. */
const smallContent: DemoContent = {
  tags: ['Gala', 'Sport'],
  accounts: [
    { key: 'spectateur', username: 'spectateur', role: 'user', gdaAccess: false },
    { key: 'membre', username: 'membre', role: 'plateau', gdaAccess: true },
  ],
  directs: [
    {
      key: 'gala',
      title: 'Gala de printemps',
      description: 'En direct de l’amphithéâtre.',
      day: 0,
      privacy: 0,
      promotion: 2026,
      liveUrl: 'https://live.example.org/gala',
      poster: { source: 'mandelbrot' },
    },
  ],
  currentDirect: 'gala',
  gpaPromo: 2027,
  videos: [
    {
      key: 'ouverture',
      title: 'Gala — Ouverture',
      description: 'Le discours d’ouverture.',
      day: -10,
      privacy: 0,
      promotion: 2026,
      tags: ['Gala'],
      direct: 'gala',
      author: 'geek',
      clip: { picture: { source: 'testsrc2' }, width: 640, height: 480, seconds: 1, tone: 440 },
      thumbnail: { source: 'color', color: 'goldenrod' },
      views: 3,
    },
    {
      key: 'match',
      title: 'Le match de basket',
      description: 'La finale.\nCommentée par l’équipe.',
      day: -400,
      privacy: 1,
      promotion: 2025,
      tags: ['Sport'],
      author: 'membre',
      clip: { picture: { source: 'smptebars' }, width: 426, height: 240, seconds: 1, tone: null },
      views: 1,
    },
  ],
  playlists: [
    {
      key: 'best-of',
      title: 'Le meilleur de Plateau',
      description: 'Choisi par l’équipe.',
      author: 'geek',
      featured: true,
      videos: ['match', 'ouverture'],
      inLibraryOf: ['spectateur'],
    },
  ],
  likes: { spectateur: ['match'] },
  history: { spectateur: ['match', 'ouverture'] },
  trending: ['match', 'ouverture'],
};

const geekLogin = { username: 'demo-geek', password: 'demo-geek-password' };
const ctx = useTestApp();
let jobs: JobQueue;
let worker: EncodeWorker;
let workDir: string;
let client: DemoClient;
let seeded: DemoSeedResult;
let spectateur: DemoSession;
let geek: DemoSession;

beforeAll(async () => {
  const binaries = (await locateMediaBinaries({}))!;
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
  worker = await startEncodeWorker({
    database: ctx.database,
    storage: ctx.storage,
    config: ctx.config,
    binaries,
    jobs,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  // The geek comes the way `npm run demo` makes it: ensureAdmin with the given credentials.
  await ensureAdmin(
    ctx.database.db,
    { ...ctx.config, adminUsername: geekLogin.username, adminPassword: geekLogin.password },
    ctx.app.log,
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  client = createDemoClient(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
  workDir = await mkdtemp(path.join(testTmpDir, 'demo-'));
  const media = await generateDemoMedia(smallContent, workDir, binaries.ffmpeg);
  seeded = await seedDemo(client, { content: smallContent, media, geek: geekLogin });
  const password = seeded.accounts.find((a) => a.username === 'spectateur')!.password;
  spectateur = await client.signIn('spectateur', password);
  geek = await client.signIn(geekLogin.username, geekLogin.password);
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await jobs?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const titles = (list: VideoList) => list.videos.map((video) => video.title);

describe('seedDemo', () => {
  it('prints an account per role, each able to sign in with its password', async () => {
    expect(
      seeded.accounts.map(({ username, role, gdaAccess }) => ({ username, role, gdaAccess })),
    ).toEqual([
      { username: 'spectateur', role: 'user', gdaAccess: false },
      { username: 'membre', role: 'plateau', gdaAccess: true },
    ]);
    const membre = seeded.accounts[1]!;
    await expect(client.signIn(membre.username, membre.password)).resolves.toBeDefined();
  });

  it('shows visitors the public video and signed-in users both, newest first', async () => {
    expect(titles(await client.visitor.get<VideoList>('/videos'))).toEqual(['Gala — Ouverture']);
    const latest = await spectateur.get<VideoList>('/videos');
    expect(latest.nResults).toBe(2);
    expect(titles(latest)).toEqual(['Gala — Ouverture', 'Le match de basket']);
  });

  it('publishes every video through the real encoder, with its rungs', async () => {
    const id = seeded.videoIds.get('ouverture')!;
    const [video] = (await geek.get<VideoList>(`/videos/${id}`)).videos as [Video];
    expect(video).toMatchObject({ processing: 3, rungs: [480, 240], views: 4 });
    const pending = await geek.get<VideoList>('/videos/pending');
    expect(pending.nResults).toBe(0);
  });

  it('makes the direct current, with its poster and its video', async () => {
    const directId = seeded.directIds.get('gala')!;
    const [direct] = (await spectateur.get<{ directs: Direct[] }>('/currentDirect')).directs;
    expect(direct).toMatchObject({ id: directId, title: 'Gala de printemps', hasPoster: true });
    expect(await client.visitor.get('/homeDisplay')).toEqual({ homeDisplay: 3 });
    expect(await client.visitor.get('/gpaPromo')).toEqual({ gpaPromo: 2027 });
    expect(titles(await spectateur.get<VideoList>(`/videos/direct/${directId}`))).toEqual([
      'Gala — Ouverture',
    ]);
  });

  it('features the playlist, its videos in the order given, in the user library', async () => {
    const featured = await spectateur.get<PlaylistList>('/playlists/public');
    expect(featured.playlists.map((p: Playlist) => p.title)).toEqual(['Le meilleur de Plateau']);
    const code = seeded.playlistCodes.get('best-of')!;
    expect(titles(await spectateur.get<VideoList>(`/videos/playlist/${code}`))).toEqual([
      'Le match de basket',
      'Gala — Ouverture',
    ]);
    const mine = await spectateur.get<PlaylistList>('/playlists/me');
    expect(mine.playlists).toMatchObject([{ code, inLibrary: true }]);
  });

  it('fills the trending slots, the user history and likes', async () => {
    expect(titles(await spectateur.get<VideoList>('/videos/trending'))).toEqual([
      'Le match de basket',
      'Gala — Ouverture',
    ]);
    expect(titles(await spectateur.get<VideoList>('/videos/history'))).toEqual([
      'Gala — Ouverture',
      'Le match de basket',
    ]);
    expect(titles(await spectateur.get<VideoList>('/videos/liked'))).toEqual([
      'Le match de basket',
    ]);
  });
});

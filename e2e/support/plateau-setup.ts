import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { createDemoClient } from '../../apps/server/src/cli/demo/demo-client.ts';
import { clipArgs, imageArgs, type DemoMedia } from '../../apps/server/src/cli/demo/demo-media.ts';
import { seedDemo } from '../../apps/server/src/cli/demo/demo-seed.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { testTmpDir } from '../../apps/server/src/test/test-env.ts';
import { clipIndexOf, e2eContent, PLAYLIST_TITLES, sharedClips } from './e2e-content.ts';
import { freePort } from '../../scripts/network-test-helpers.ts';
import type { E2ePlateau } from './plateau.ts';
import { servePlateau, type ServedPlateau } from './serve-plateau.ts';

const run = promisify(execFile);
const GEEK = { username: 'e2e-geek', password: randomBytes(12).toString('base64url') };

/** Six clips and the posters, shared by every video that names the same picture. */
const generateMedia = async (dir: string, ffmpeg: string): Promise<DemoMedia> => {
  const media: DemoMedia = { clips: new Map(), thumbnails: new Map(), posters: new Map() };
  const clipFiles = sharedClips.map((_, index) => path.join(dir, `clip-${index}.mp4`));
  const jobs = [
    ...sharedClips.map((clip, index) => clipArgs(clip, clipFiles[index]!)),
    ...e2eContent.directs.flatMap((direct, index) => {
      if (!direct.poster) return [];
      const file = path.join(dir, `poster-${index}.png`);
      media.posters.set(direct.key, file);
      return [imageArgs(direct.poster, file)];
    }),
  ];
  await Promise.all(jobs.map((args) => run(ffmpeg, args, { timeout: 60_000 })));
  for (const video of e2eContent.videos) {
    media.clips.set(video.key, clipFiles[clipIndexOf(video)]!);
  }
  return media;
};

const log = (line: string) => process.stdout.write(`[e2e] ${line}\n`);

/**
 * One real Plateau for the whole browser run, as `npm start` runs it (embedded database in a
 * fresh DATA_DIR, in-process encode worker), filled once through its HTTP API by seedDemo with
 * real encodes. Test files get its address and what was created through `inject('plateau')`.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  mkdirSync(testTmpDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(testTmpDir, 'e2e-plateau-'));
  const workDir = mkdtempSync(path.join(testTmpDir, 'e2e-media-'));
  let served: ServedPlateau | undefined;

  const teardown = async () => {
    await served?.close();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const rtmpPort = await freePort();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: GEEK.username,
      ADMIN_PASSWORD: GEEK.password,
      // Every scenario signs in from 127.0.0.1 within the same minute.
      LOGIN_RATE_LIMIT: '1000',
      // Tiny clips encode in well under pg-boss's 2 s polling round: four lanes quarter the wait.
      ENCODE_CONCURRENCY: '4',
      RTMP_PORT: String(rtmpPort),
      RTMP_HOST: '127.0.0.1',
      // The source alone: the pattern's encoder already shares the two cores with the browser.
      LIVE_LADDER: '',
      LIVE_RECONNECT_GRACE: '6',
    });
    const database = await openDatabase(config);
    await database.migrate();
    served = await servePlateau({ config, database, port: 0, log });
    const { baseUrl, binaries } = served;

    const media = await generateMedia(workDir, binaries.ffmpeg);
    const client = createDemoClient(baseUrl);
    const seeded = await seedDemo(client, {
      content: e2eContent,
      media,
      geek: GEEK,
      progress: log,
      encodeTimeoutMs: 5 * 60_000,
    });
    // Only a geek features a playlist: the member's first one becomes featured.
    const featuredCode = seeded.playlistCodes.get('featured')!;
    const geek = await client.signIn(GEEK.username, GEEK.password);
    await geek.put(`/playlists/${featuredCode}`, {
      title: PLAYLIST_TITLES.featured,
      isPublic: true,
    });

    const plateau: E2ePlateau = {
      baseUrl,
      rtmpPort,
      accounts: Object.fromEntries([
        ...seeded.accounts.map(({ username, password }) => [username, { username, password }]),
        [GEEK.username, GEEK],
      ]),
      videoIds: Object.fromEntries(seeded.videoIds),
      directIds: Object.fromEntries(seeded.directIds),
      playlistCodes: Object.fromEntries(seeded.playlistCodes),
    };
    project.provide('plateau', plateau);
    log(`Plateau prêt sur ${baseUrl} en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

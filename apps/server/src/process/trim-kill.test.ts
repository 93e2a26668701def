import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TrimStatus } from '@plateau/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { videos, videoTrims } from '../db/schema.ts';
import { CARD_RUNGS, seedCardVideo } from '../modules/media/trims.test-helpers.ts';
import { createLocalStorage, mediaKeys } from '../storage/media-storage.ts';
import { readFrameNumbers } from '../test/av-sync.ts';
import type { TestContext } from '../test/harness.ts';
import { adminAuth, usePlateauProcesses, waitFor } from '../test/plateau-process.ts';
import { testTmpDir } from '../test/test-env.ts';

/**
 * « Montage » (issue 34): a kill -9 of a server in the middle of a cut, on the local disk, on
 * the project's database (the embedded one in server-pglite, PostgreSQL in server-postgres).
 * The cut is made beside the version served and switched to in one transaction, so the killed
 * attempt's half-made version is never served; the restarted server resumes the same cut from
 * the start and finishes it, and nothing of the killed attempt stays on the disk.
 */
const processes = usePlateauProcesses();

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
// As in trims.test.ts: the numbered card shows frame n at 0.08 + n / 25 s, so these ranges keep
// frames 80-235 and 298-375 (its start and a passage cut, and its end).
const KEEP = [
  { start: 3.3, end: 9.5 },
  { start: 12, end: 15.1 },
];
const KEPT_FRAMES = [...range(80, 236), ...range(298, 376)];
/** The card's 20 s at 25 frames a second, as its encode left them. */
const WHOLE_FRAMES = 500;

/** Polls `probe` every 20 ms until `check` holds: the moment to kill lasts less than a second. */
const soon = async <T>(
  what: string,
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The processes whose command line names a file under `folder` (an ffmpeg left running). */
const processesUsing = async (folder: string) => {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.includes(folder)) found.push(command.replaceAll('\0', ' ').trim());
  }
  return found;
};

describe('a server killed during a cut', () => {
  it('serves the video whole until the restarted server has made the same cut again, and leaves nothing of the killed attempt', async () => {
    const { env, dataDir, api } = await processes.site('trim-kill', {
      // Media access decided anew on every request: the version served is read as it is now.
      MEDIA_ACCESS_TTL: '0',
    });
    const config = loadConfig({ ...env });
    const storage = createLocalStorage(config.mediaDir);
    // The site's own database, opened here only while no server runs (the embedded one takes
    // a single process).
    const withDatabase = async <T>(use: (database: DatabaseHandle) => Promise<T>) => {
      const database = await openDatabase(config);
      try {
        return await use(database);
      } finally {
        await database.close();
      }
    };
    // A published video of the numbered card in two indexed rungs, with its storyboard, a
    // caption and chapters (seedCardVideo reads only the database and the storage).
    const id = await withDatabase(async (database) => {
      await database.migrate();
      return seedCardVideo({ database, storage } as unknown as TestContext);
    });
    const folder = mediaKeys.videoFolder(id);
    const stored = async () => (await storage.listFolder(folder)).map(({ key }) => key);
    const firstVersion = await stored();
    // The process's working files: its temporary files beside the media, its scratch folder.
    const workingFiles = async () => {
      const found: string[] = [];
      for (const place of [path.join(config.mediaDir, '.tmp'), config.scratchDir])
        found.push(...(await readdir(place).catch(() => [] as string[])));
      return found;
    };

    let server = await processes.start(env);
    const auth = await adminAuth(api);
    const status = async () =>
      (await (await fetch(`${api}/videos/${id}/trim`, { headers: auth })).json()) as TrimStatus;
    const mediaVersion = async () =>
      (
        (await (await fetch(`${api}/videos/${id}`, { headers: auth })).json()) as {
          videos: { mediaVersion: number }[];
        }
      ).videos[0]!.mediaVersion;
    /** The frame numbers of a rung as a player gets it (`query`: `?v=` as a manifest names it). */
    const servedFrames = async (rung: number, query = '') => {
      const answer = await fetch(`${api}/media/video/${id}/${rung}${query}`, { headers: auth });
      expect(answer.status).toBe(200);
      const file = path.join(testTmpDir, `trim-kill-${id}-${rung}-${process.hrtime.bigint()}.mp4`);
      await writeFile(file, Buffer.from(await answer.arrayBuffer()));
      try {
        return await readFrameNumbers(file);
      } finally {
        await rm(file, { force: true });
      }
    };
    expect(await mediaVersion()).toBe(0);

    const asked = await fetch(`${api}/videos/${id}/trim`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ keep: KEEP }),
    });
    expect(asked.status).toBe(202);
    await waitFor('the cut to run', status, (now) => now.state === 'running', 60_000);
    // Killed once a rung of the cut is stored under its new version, the rest still being made.
    const halfMade = await soon(
      'a rung of the cut in its version folder',
      stored,
      (keys) => keys.some((key) => /\/v\d+\/\d+\.mp4$/.test(key)),
      60_000,
    );
    server.child.kill('SIGKILL');
    await server.exited;
    const cutVersion = Number(/\/v(\d+)\//.exec(halfMade.find((key) => /\/v\d+\//.test(key))!)![1]);

    // Before anything restarts: the database still serves version 0, the cut is left running.
    const left = await withDatabase(async ({ db }) => ({
      video: (
        await db
          .select({ mediaVersion: videos.mediaVersion, rungs: videos.rungs })
          .from(videos)
          .where(eq(videos.id, id))
      )[0],
      trim: (
        await db
          .select({
            state: videoTrims.state,
            fromVersion: videoTrims.fromVersion,
            toVersion: videoTrims.toVersion,
          })
          .from(videoTrims)
          .where(eq(videoTrims.videoId, id))
      )[0],
    }));
    expect(left).toEqual({
      video: { mediaVersion: 0, rungs: [...CARD_RUNGS] },
      trim: { state: 'running', fromVersion: 0, toVersion: cutVersion },
    });
    // On the disk: version 0 whole, the cut's version half made, the killed attempt's files.
    const killedFiles = await workingFiles();
    expect(killedFiles).toContainEqual(expect.stringMatching(`\\.trim-${id}-sound\\.m4a$`));
    expect((await stored()).filter((key) => !key.includes(`/v${cutVersion}/`))).toEqual(
      firstVersion,
    );
    // No ffmpeg of the killed process goes on writing into the site (its watchdog kills them).
    await waitFor(
      'no process left on the site',
      () => processesUsing(dataDir),
      (found) => found.length === 0,
    );

    server = await processes.start(env);
    // The restarted server serves version 0 whole while it makes the cut again (its job is
    // retried 5 s after the start at the earliest).
    const whileResumed = servedFrames(240);
    expect(await status()).toMatchObject({ state: 'running', keep: KEEP });
    expect(await whileResumed).toHaveLength(WHOLE_FRAMES);

    const done = await waitFor(
      'the resumed cut',
      status,
      (now) => now.state !== 'running' && now.state !== 'queued',
      120_000,
    );
    expect(done).toMatchObject({ state: 'done', keep: KEEP, progress: null, error: null });
    expect(done.undoUntil).not.toBeNull();
    // The same cut, switched to once: the version its killed attempt was writing.
    expect(await mediaVersion()).toBe(cutVersion);
    for (const rung of CARD_RUNGS) expect(await servedFrames(rung)).toEqual(KEPT_FRAMES);
    // The version before stays whole for « Annuler le montage ».
    expect(await servedFrames(240, '?v=0')).toHaveLength(WHOLE_FRAMES);

    // The video's folder holds version 0 and the cut's version, exactly.
    const cutFiles = [
      ...CARD_RUNGS.flatMap((rung) => [
        mediaKeys.rung(id, rung, cutVersion),
        mediaKeys.rungIndex(id, rung, cutVersion),
      ]),
      mediaKeys.storyboardImage(id, cutVersion),
      mediaKeys.storyboardVtt(id, cutVersion),
      mediaKeys.caption(id, 'fr', cutVersion),
    ];
    expect(await stored()).toEqual([...firstVersion, ...cutFiles].sort());
    // Nothing of the killed attempt stays: no temporary file, no working copy.
    await waitFor('no working file', workingFiles, (names) => names.length === 0, 5_000);

    server.child.kill('SIGTERM');
    await server.exited;
  }, 300_000);
});

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../storage/storage-errors.ts';
import { openMediaStorage } from '../../storage/open-media-storage.ts';
import type { TestUser } from '../../test/harness.ts';
import { bucketKeys } from '../../test/stored-media.ts';
import { startStoreProxy } from '../../test/store-proxy.ts';
import { testMediaKind } from '../../test/test-media.ts';
import { liveKeys } from './live-files.ts';
import {
  broadcastingDirect,
  liveStatus,
  makeEncoderStream,
  publish,
  useLiveTestApp,
  waitFor,
} from './live.test-support.ts';

/**
 * Two machines of one site with no shared folder, as s3-instances.test.ts runs them: the one
 * receiving the encoder writes the live on its own disk, the other serves the same live to the
 * viewers the load balancer sends it, from the copy in the bucket.
 */
const store = inject('objectStore');
// Between both machines and the store, to play a store that goes down and comes back.
const relay = store ? await startStoreProxy(store.endpoint) : undefined;
afterAll(() => relay?.close());
const { ctx, rtmpPort } = await useLiveTestApp({
  LIVE_RECONNECT_GRACE: '30',
  ...(relay && { S3_ENDPOINT: relay.endpoint }),
});
let other: App;
let otherDataDir: string;
let geek: TestUser;
let encoderStream: string;
let longerStream: string;

beforeAll(async () => {
  otherDataDir = mkdtempSync(path.join(path.dirname(ctx.dataDir), 'other-machine-'));
  // The same site (database, bucket and prefix, token secret), a disk of its own, no ingest.
  const config = {
    ...ctx.config,
    dataDir: otherDataDir,
    mediaDir: path.join(otherDataDir, 'media'),
    scratchDir: path.join(otherDataDir, 'scratch'),
  };
  const storage = await openMediaStorage(config, ctx.database.db);
  // Its 503s while the store is down are expected: not in the test's output.
  other = await buildApp({ config, database: ctx.database, storage, logger: false });
  await other.ready();
  geek = await ctx.createUser('geek');
  [encoderStream, longerStream] = await Promise.all([
    makeEncoderStream('other-machine', { seconds: 12 }),
    makeEncoderStream('other-machine-store-down', { seconds: 30 }),
  ]);
}, 120_000);
afterAll(async () => {
  await other?.close();
  if (otherDataDir) rmSync(otherDataDir, { recursive: true, force: true });
});

const filesUnder = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

describe.skipIf(testMediaKind !== 's3')(
  'a live watched through a machine without its files',
  () => {
    it('plays from the bucket, ends there too, and leaves nothing behind', async () => {
      const direct = await broadcastingDirect(ctx, geek, 'Gala sur deux machines');
      const encoder = publish(encoderStream, rtmpPort, direct.key);
      await waitFor(
        'the live',
        () => liveStatus(ctx, direct.id, geek),
        (s) => s.state === 'live',
      );
      // The receiving machine's disk holds the direct's one live: its folder is named by its id,
      // made as the encoder's copy starts, a moment after the live's row says 'live'.
      const lives = path.join(ctx.config.mediaDir, `lives/${direct.id}`);
      const [liveId] = await waitFor(
        "the live's folder on the receiving machine",
        async () => (existsSync(lives) ? readdirSync(lives).map(Number) : []),
        (ids) => ids.length === 1,
      );

      // Through the other machine: the master, the variant and a segment, byte for byte as the
      // receiving machine wrote it.
      const master = await waitFor(
        'the master through the other machine',
        () => other.inject({ url: `/api/media/live/${direct.id}/master.m3u8` }),
        (r) => r.statusCode === 200,
      );
      expect(master.body).toContain('source/index.m3u8');
      const variant = await waitFor(
        'a segment listed through the other machine',
        () => other.inject({ url: `/api/media/live/${direct.id}/source/index.m3u8` }),
        (r) => r.statusCode === 200 && /seg-\d+-\d+\.ts/.test(r.body),
      );
      const segment = /seg-\d+-\d+\.ts/.exec(variant.body)![0];
      const served = await other.inject({ url: `/api/media/live/${direct.id}/source/${segment}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp2t');
      const written = readFileSync(
        path.join(ctx.config.mediaDir, liveKeys.hls(direct.id, liveId!), 'source', segment),
      );
      expect(served.rawPayload.equals(written)).toBe(true);
      // A segment the playlist does not list is not there, on any machine.
      const unknown = await other.inject({
        url: `/api/media/live/${direct.id}/source/seg-9-99999.ts`,
      });
      expect(unknown.statusCode).toBe(404);
      expect(filesUnder(otherDataDir).map((entry) => entry.name)).not.toContain(segment);

      // Ended through the other machine: the REDIFF is made, the live's copies leave the bucket.
      const end = await other.inject({
        method: 'POST',
        url: `/api/directs/${direct.id}/live/end`,
        headers: geek.auth,
      });
      expect(end.statusCode).toBe(200);
      await encoder.exited;
      const ended = await waitFor(
        'the REDIFF',
        () => liveStatus(ctx, direct.id, geek),
        (s) => s.state === 'ended' && s.rediffVideoId !== null,
      );
      expect(ended.rediffVideoId).not.toBeNull();
      await waitFor(
        'the live gone from the bucket',
        () => bucketKeys(ctx.config, `${liveKeys.folder(direct.id, liveId!)}/`),
        (files) => files.length === 0,
      );
      const gone = await other.inject({ url: `/api/media/live/${direct.id}/source/index.m3u8` });
      expect(gone.statusCode).toBe(404);
    });

    it('keeps the live on the receiving machine while the store is down, and the other catches up', async () => {
      const direct = await broadcastingDirect(ctx, geek, 'Gala, stockage en panne');
      const encoder = publish(longerStream, rtmpPort, direct.key);
      const playlistUrl = `/api/media/live/${direct.id}/source/index.m3u8`;
      const segmentsOf = (body: string) =>
        Array.from(body.matchAll(/seg-\d+-\d+\.ts/g), (match) => match[0]);
      const newest = (body: string) => segmentsOf(body).at(-1);
      const before = await waitFor(
        'a segment listed through the other machine',
        () => other.inject({ url: playlistUrl }),
        (r) => r.statusCode === 200 && segmentsOf(r.body).length > 0,
      );

      await relay!.stop();
      // The receiving machine's viewers go on: a newer segment, served from its disk.
      const here = await ctx.app.inject({ url: playlistUrl });
      const going = await waitFor(
        'a newer segment on the receiving machine',
        () => ctx.app.inject({ url: playlistUrl }),
        (r) => r.statusCode === 200 && newest(r.body) !== newest(here.body),
      );
      const segment = newest(going.body)!;
      const served = await ctx.app.inject({
        url: `/api/media/live/${direct.id}/source/${segment}`,
      });
      expect(served.statusCode).toBe(200);
      // The other machine says the store is down, in French, once its kept copy is over.
      const down = await waitFor(
        'the other machine to say the store is down',
        () => other.inject({ url: playlistUrl }),
        (r) => r.statusCode !== 200,
      );
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(STORAGE_UNAVAILABLE_MESSAGE);

      // Back: the copies resume, and the other machine lists what the receiving one wrote since.
      await relay!.start();
      await waitFor(
        'the other machine to catch up',
        () => other.inject({ url: playlistUrl }),
        (r) => r.statusCode === 200 && segmentsOf(r.body).includes(segment),
      );
      const caughtUp = await other.inject({
        url: `/api/media/live/${direct.id}/source/${segment}`,
      });
      expect(caughtUp.statusCode).toBe(200);
      expect(caughtUp.rawPayload.equals(served.rawPayload)).toBe(true);
      expect(segmentsOf(before.body)).not.toContain(segment);

      const end = await ctx.app.inject({
        method: 'POST',
        url: `/api/directs/${direct.id}/live/end`,
        headers: geek.auth,
      });
      expect(end.statusCode).toBe(200);
      await encoder.exited;
    });
  },
);

import { Processing, type LiveStatus } from '@plateau/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/harness.ts';
import { adminAuth, usePlateauProcesses } from '../../test/plateau-process.ts';
import { accepts, sleep } from '../../../../../scripts/network-test-helpers.ts';
import { freePort, makeEncoderStream, publish, waitFor } from './live.test-support.ts';

/**
 * Two real Plateau processes serving one site (one PostgreSQL database, one DATA_DIR), as behind
 * nginx: one of them receives the encoder, either ends the live, both count its viewers, and
 * the other takes the ingest over when the first one dies.
 */
const processes = usePlateauProcesses();

/** How many seconds a flush of the viewers seen takes at most to reach the database, and a bit. */
const VIEWERS_FLUSH_WAIT_MS = 4_000;

describe.skipIf(testDatabaseKind !== 'postgres')(
  'two Plateau processes on one database (PostgreSQL only: the embedded database has one process)',
  () => {
    it('one ingest, ended from either, viewers counted together, taken over when it dies', async () => {
      const rtmpA = await freePort();
      const rtmpB = await freePort();
      const { env: envA, api: apiA } = await processes.site('live-instances', {
        RTMP_PORT: String(rtmpA),
        LIVE_LADDER: '',
        LIVE_RECONNECT_GRACE: '60',
      });
      // The same site: database, media folder and token secret; its own HTTP and RTMP ports.
      const portB = await freePort();
      const envB = { ...envA, PORT: String(portB), RTMP_PORT: String(rtmpB) };
      const apiB = `http://127.0.0.1:${portB}/api`;
      const [gala, nuit, nuitAgain] = await Promise.all([
        makeEncoderStream('instances-gala', { seconds: 30 }),
        makeEncoderStream('instances-nuit', { seconds: 30 }),
        makeEncoderStream('instances-nuit-again', { seconds: 10 }),
      ]);

      const a = await processes.start(envA);
      const b = await processes.start(envB);
      // A started first and holds the ingest: B's RTMP port is closed, so an encoder or nginx
      // `stream` meets a refused connection there and goes to A.
      expect(await accepts(rtmpA)).toBe(true);
      expect(await accepts(rtmpB)).toBe(false);

      const auth = await adminAuth(apiA);
      const send = (api: string, method: string, url: string, body?: object) =>
        fetch(`${api}${url}`, {
          method,
          headers: { ...auth, ...(body && { 'content-type': 'application/json' }) },
          body: body && JSON.stringify(body),
        });
      const json = async (answer: Promise<Response>) => {
        const response = await answer;
        expect(response.ok, await response.clone().text()).toBe(true);
        return response.json();
      };
      const direct = await json(send(apiA, 'POST', '/directs', { title: 'Gala', privacy: 0 }));
      const { streamKey } = await json(
        send(apiA, 'PUT', `/directs/${direct.id}/broadcast`, { enabled: true, lowLatency: true }),
      );
      const status = (api: string) =>
        json(send(api, 'GET', `/directs/${direct.id}/live`)) as Promise<LiveStatus>;

      // --- a live received by A, watched through both, ended through B ---
      const encoder = publish(gala, rtmpA, streamKey);
      await waitFor(
        'the live, seen from B',
        () => status(apiB),
        (s) => s.state === 'live',
      );
      const master = `/media/live/${direct.id}/master.m3u8`;
      // A visitor through A only, the admin through both: two people, read through B.
      const playlist = async (api: string, headers: Record<string, string> = {}) =>
        (
          await waitFor(
            'the playlist',
            () => fetch(`${api}${master}`, { headers }),
            (r) => r.ok,
          )
        ).status;
      expect(await playlist(apiA)).toBe(200);
      expect(await playlist(apiA, auth)).toBe(200);
      expect(await playlist(apiB, auth)).toBe(200);
      // « Latence faible »: the parts live in the memory of the process that cuts them. A lists
      // its low-latency playlists; B tells its viewers to stay on standard latency, served from
      // the same segments, and has no parts to give.
      const variantsOf = async (api: string) =>
        (await (await fetch(`${api}${master}`)).text()).match(/^\S+\.m3u8$/gm);
      await waitFor(
        'parts on A',
        () => variantsOf(apiA),
        (uris) => uris?.[0] === 'source/ll.m3u8',
      );
      expect(await variantsOf(apiB)).toEqual(['source/index.m3u8']);
      await waitFor(
        'standard segments through B',
        async () => (await fetch(`${apiB}/media/live/${direct.id}/source/index.m3u8`)).text(),
        (text) => text.includes('#EXTINF:'),
      );
      expect((await fetch(`${apiB}/media/live/${direct.id}/source/ll.m3u8`)).status).toBe(404);
      await waitFor(
        'two viewers, read through B',
        () => status(apiB),
        (s) => s.viewers === 2,
      );
      // Both processes have written what they saw by now: the admin still counts once.
      await sleep(VIEWERS_FLUSH_WAIT_MS);
      expect((await status(apiA)).viewers).toBe(2);
      expect((await status(apiB)).viewers).toBe(2);

      // "Terminer le direct" on the process without the encoder: A ends it, B answers.
      const answer = await json(send(apiB, 'POST', `/directs/${direct.id}/live/end`));
      expect(answer.state).toBe('ended');
      expect(await encoder.exited).not.toBe(0);
      const ended = await waitFor(
        'the REDIFF',
        () => status(apiB),
        (s) => s.state === 'ended' && s.rediffVideoId !== null,
        30_000,
      );
      const video = (await json(send(apiB, 'GET', `/videos/${ended.rediffVideoId}`))).videos[0];
      expect(video.title).toBe('Gala');
      expect(video.processing).toBe(Processing.Uploaded);

      // --- A dies mid-live: B takes the ingest over, and the encoder continues the same live ---
      const database = new pg.Client({ connectionString: envA.DATABASE_URL });
      await database.connect();
      const openLive = async () =>
        (
          await database.query<{ id: number; parts: number; state: string }>(
            "select id, parts, state from lives where direct_id = $1 and state <> 'ended'",
            [direct.id],
          )
        ).rows;
      try {
        const first = publish(nuit, rtmpA, streamKey);
        const live = await waitFor(
          'the second live',
          () => status(apiB),
          (s) => s.state === 'live',
        );
        const [before] = await openLive();
        expect(before!.parts).toBe(1);

        a.child.kill('SIGKILL');
        await a.exited;
        await first.exited;
        await waitFor(
          'B taking the ingest over',
          () => accepts(rtmpB),
          (open) => open,
        );
        expect((await status(apiB)).state).toBe('reconnecting');

        const again = publish(nuitAgain, rtmpB, streamKey);
        const resumed = await waitFor(
          'the resumed live',
          () => status(apiB),
          (s) => s.state === 'live',
        );
        expect(resumed.startedAt).toBe(live.startedAt);
        expect(await openLive()).toEqual([{ id: before!.id, parts: 2, state: 'live' }]);

        expect((await json(send(apiB, 'POST', `/directs/${direct.id}/live/end`))).state).toBe(
          'ended',
        );
        await again.exited;
      } finally {
        await database.end();
      }
      b.child.kill('SIGTERM');
      await b.exited;
    }, 120_000);
  },
);

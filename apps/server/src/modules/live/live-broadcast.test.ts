import path from 'node:path';
import { readdirSync } from 'node:fs';
import { Privacy, Processing } from '@plateau/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { postDirect } from '../../test/directs.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { testMediaKind } from '../../test/test-media.ts';
import {
  durationOf,
  enableBroadcast,
  freePort,
  liveStatus,
  makeEncoderStream,
  publish,
  waitFor,
} from './live.test-support.ts';
import { newestSequence } from './live-playlists.ts';
import { holdMachine, MACHINE_WAIT_MS } from '../../test/machine-lock.ts';

const rtmpPort = await freePort();
const logs: string[] = [];
const ctx = useTestApp({
  env: {
    RTMP_PORT: String(rtmpPort),
    RTMP_HOST: '127.0.0.1',
    LIVE_LADDER: '180',
    // Room for the second encoder's start (ffmpeg, handshake, first segment) on a busy machine:
    // with 4 s, then 7 s, runs with every core taken ended the live before it reconnected (the
    // first encoder's publish took 4 s to be accepted in one of them).
    LIVE_RECONNECT_GRACE: '12',
  },
  extra: {
    extraDeps: { liveIngest: true },
    logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
  },
});

/** The station's last lines about lives: a failure's message carries them (a CI summary may cut the log). */
const stationSaid = () =>
  logs
    .filter((line) => line.includes('live'))
    .slice(-12)
    .join('');

let geek: TestUser;
let member: TestUser;
/** What the encoder sends before and after its cut: 8 s, then 6 s. */
let before: string;
let after: string;
beforeAll(async () => {
  geek = await ctx.createUser('geek');
  member = await ctx.createUser('plateau');
  before = await makeEncoderStream('before-cut', { seconds: 8 });
  after = await makeEncoderStream('after-cut', { seconds: 6 });
}, 60_000);

// Its REDIFF's length is real time: no other live beside it (under two, it came out 2 s short).
let releaseMachine: (() => Promise<void>) | undefined;
beforeAll(async () => {
  releaseMachine = await holdMachine('live');
}, MACHINE_WAIT_MS);
afterAll(() => releaseMachine?.());

describe('a direct broadcast into Plateau', () => {
  it('plays live with its access rules, survives a cut, and ends as its REDIFF in /pending', async () => {
    // A live that goes wrong on a busy machine is told by the server's log, not the assertion.
    onTestFailed(() => console.error(logs.join('')));
    const direct = await postDirect(ctx, geek, { title: 'Gala live', privacy: Privacy.School });
    const { streamKey } = await enableBroadcast(ctx, geek, direct.id);
    expect(streamKey).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect((await liveStatus(ctx, direct.id, member)).state).toBe('waiting');

    const first = publish(before, rtmpPort, streamKey!);
    const live = await waitFor(
      'the live',
      () => liveStatus(ctx, direct.id, member),
      (s) => s.state === 'live',
    );
    expect(live.playlist).toBe(`/api/media/live/${direct.id}/master.m3u8`);
    // No direct was current: the live one became "DT en cours" by itself.
    const current = await ctx.app.inject({ url: '/api/currentDirect', headers: member.auth });
    expect(current.json().directs[0].id).toBe(direct.id);
    // Broadcasting cannot be turned off under a running live.
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/directs/${direct.id}/broadcast`,
      headers: geek.auth,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(409);

    // The master playlist lists the source and the 180p rung; a segment arrives within seconds.
    const master = await waitFor(
      'the master playlist',
      () => ctx.app.inject({ url: `${live.playlist}?token=${member.token}` }),
      (r) => r.statusCode === 200,
    );
    expect(master.headers['content-type']).toContain('mpegurl');
    expect(master.body).toContain(`source/index.m3u8?token=${member.token}`);
    expect(master.body).toContain('180p/index.m3u8');
    const variant = await waitFor(
      'a segment',
      () =>
        ctx.app.inject({
          url: `/api/media/live/${direct.id}/source/index.m3u8`,
          headers: member.auth,
        }),
      (r) => r.statusCode === 200 && /seg-1-\d+\.ts/.test(r.body),
    );
    const segment = /seg-1-\d+\.ts/.exec(variant.body)![0];
    // Its target duration is that of the segments being cut: the encoder's 2 s keyframes.
    expect(variant.body).toContain('#EXT-X-TARGETDURATION:2\n');
    // Players may hold their reload until the next segment (`_HLS_msn`): they get it as it is
    // listed; beyond the next two segments is refused at once.
    expect(variant.body).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES\n');
    const newest = newestSequence(variant.body);
    const reload = (msn: number) =>
      ctx.app.inject({
        url: `/api/media/live/${direct.id}/source/index.m3u8?_HLS_msn=${msn}`,
        headers: member.auth,
      });
    const next = await reload(newest + 1);
    expect(next.statusCode).toBe(200);
    expect(newestSequence(next.body)).toBeGreaterThanOrEqual(newest + 1);
    const beyond = await reload(newest + 10);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe(
      '_HLS_msn dépasse de plus de deux segments la fin de la playlist',
    );
    // The geek sees how long the segments are (the encoder's keyframes); others do not.
    const rhythm = await waitFor(
      'the segments measured',
      () => liveStatus(ctx, direct.id, geek),
      (s) => s.segmentSeconds !== null,
    );
    // Cut at the encoder's 2 s keyframes: 2 s, or less at the part's start under load.
    expect(rhythm.segmentSeconds).toBeGreaterThan(0);
    expect(rhythm.segmentSeconds).toBeLessThanOrEqual(2.2);
    expect((await liveStatus(ctx, direct.id, member)).segmentSeconds).toBeNull();
    const bytes = await ctx.app.inject({
      url: `/api/media/live/${direct.id}/source/${segment}`,
      headers: member.auth,
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    expect(bytes.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    // A visitor is refused on a school-only live: playlist and segment.
    const visitorPlaylist = await ctx.app.inject({ url: live.playlist! });
    expect(visitorPlaylist.statusCode).toBe(401);
    const visitorSegment = await ctx.app.inject({
      url: `/api/media/live/${direct.id}/source/${segment}`,
    });
    expect(visitorSegment.statusCode).toBe(401);

    // The encoder drops; it comes back within the grace: the same live, a second part.
    await first.exited;
    await waitFor(
      'the loss',
      () => liveStatus(ctx, direct.id, member),
      (s) => s.state === 'reconnecting',
    );
    const second = publish(after, rtmpPort, streamKey!);
    // Once (CI, 28 November 01:18, every core taken) the live ended at its grace without the
    // second encoder: the failure says what that encoder and the station said, in the error
    // itself (the full log printed above it may be cut from a CI summary).
    await waitFor(
      'the reconnect',
      () => liveStatus(ctx, direct.id, member),
      (s) => s.state === 'live',
    ).catch((error: Error) => {
      error.message += `\nencoder (exit ${second.process.exitCode}): ${second.said() || '(nothing)'}\nstation:\n${stationSaid()}`;
      throw error;
    });
    await second.exited;

    // Past the grace, the live ends and its REDIFF waits in /pending.
    const ended = await waitFor(
      'the REDIFF',
      () => liveStatus(ctx, direct.id, member),
      (s) => s.state === 'ended' && s.rediffVideoId !== null,
      30_000,
    );
    const video = (
      await ctx.app.inject({ url: `/api/videos/${ended.rediffVideoId}`, headers: member.auth })
    ).json().videos[0];
    expect(video.title).toBe('Gala live');
    expect(video.processing).toBe(Processing.Uploaded);
    // The recording became the REDIFF's raw file where new media go (the bucket on S3).
    const raw = mediaKeys.raw(ended.rediffVideoId!);
    expect(await ctx.storage.backendOf(raw)).toBe(testMediaKind);
    const seconds = await ctx.storage.withLocalFile(raw, durationOf);
    // Issue 33 stays open for it: in two full runs (27 November, 20:30 and 20:50) the REDIFF of
    // the embedded database's run came out 12.7 s (1.3 s of the first part lost); alone it is
    // 14 s. Until found, the REDIFF holds both parts, up to that loss.
    // Both encoders sent everything (the station cut neither), and the log says each part's length.
    expect([await first.exited, await second.exited]).toEqual([0, 0]);
    expect(seconds, stationSaid()).toBeGreaterThan(14 - 2);
    expect(seconds, stationSaid()).toBeLessThan(14 + 1);
    // The log tells the live's story, and never its key.
    const story = logs.join('');
    expect(story).toContain(`live: direct ${direct.id}: live`);
    expect(story).toContain('encoder lost');
    expect(story).not.toContain(streamKey!);
    // The live's folder is gone once its REDIFF holds everything.
    expect(
      readdirSync(path.join(ctx.config.mediaDir, 'lives'), { recursive: true }).filter((f) =>
        String(f).endsWith('.ts'),
      ),
    ).toEqual([]);
  }, 90_000);

  it('"Terminer le direct" ends it at once; with the setting on, the REDIFF goes straight to encoding', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/liveSettings',
      headers: geek.auth,
      payload: { liveSetsCurrent: false, publishRediff: true },
    });
    expect(put.statusCode).toBe(200);
    const direct = await postDirect(ctx, geek, { title: 'Court', privacy: Privacy.Public });
    const { streamKey } = await enableBroadcast(ctx, geek, direct.id);
    const encoder = publish(before, rtmpPort, streamKey!);
    await waitFor(
      'the live',
      () => liveStatus(ctx, direct.id),
      (s) => s.state === 'live',
    );
    // Some of it is on the air, hence recorded, before the geek ends it.
    const shared = await waitFor(
      'a segment',
      () => ctx.app.inject({ url: `/api/media/live/${direct.id}/source/index.m3u8` }),
      (r) => r.statusCode === 200 && /seg-1-\d+\.ts/.test(r.body),
    );
    // A public live may sit in shared caches: its playlist a second, its segments for good;
    // a playlist written with someone's token is theirs alone.
    expect(shared.headers['cache-control']).toBe('public, max-age=1');
    const tokened = await ctx.app.inject({
      url: `/api/media/live/${direct.id}/source/index.m3u8?token=${member.token}`,
    });
    expect(tokened.headers['cache-control']).toBe('private, no-store');
    const segment = /seg-1-\d+\.ts/.exec(shared.body)![0];
    const cached = await ctx.app.inject({ url: `/api/media/live/${direct.id}/source/${segment}` });
    expect(cached.headers['cache-control']).toBe('public, max-age=86400, immutable');
    const end = await ctx.app.inject({
      method: 'POST',
      url: `/api/directs/${direct.id}/live/end`,
      headers: geek.auth,
    });
    expect(end.json().state).toBe('ended');
    // The encoder was cut by the end, not by its own end of stream.
    expect(await encoder.exited).not.toBe(0);
    const ended = await waitFor(
      'the REDIFF',
      () => liveStatus(ctx, direct.id),
      (s) => s.rediffVideoId !== null,
    );
    const video = (
      await ctx.app.inject({ url: `/api/videos/${ended.rediffVideoId}`, headers: member.auth })
    ).json().videos[0];
    expect(video.processing).toBe(Processing.Encoding);
  }, 60_000);
});

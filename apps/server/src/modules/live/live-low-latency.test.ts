import { Privacy } from '@plateau/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/harness.ts';
import {
  broadcastingDirect,
  durationOf,
  liveStatus,
  makeEncoderStream,
  publish,
  useLiveTestApp,
  waitFor,
} from './live.test-support.ts';
import { lowLatencyRuleBreaks } from './low-latency.test-support.ts';
import { mediaKeys } from '../../storage/media-storage.ts';

const { ctx, rtmpPort } = await useLiveTestApp({ LIVE_LADDER: '180' });

let geek: TestUser;
let member: TestUser;
let stream: string;
beforeAll(async () => {
  geek = await ctx.createUser('geek');
  member = await ctx.createUser('plateau');
  // What the edit page asks of the encoder for low latency: a keyframe every second.
  stream = await makeEncoderStream('low-latency', { seconds: 14, keyframeSeconds: 1 });
}, 60_000);

const get = (url: string, who?: TestUser) => ctx.app.inject({ url, headers: who?.auth ?? {} });

const hintOf = (playlist: string) =>
  /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="([^"]+)"/.exec(playlist)?.[1];
const lastMsn = (playlist: string) => {
  const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)![1]);
  const whole = playlist.match(/^#EXTINF:/gm)?.length ?? 0;
  // The segment being cut is listed by its parts after the whole ones.
  return sequence + whole;
};
const partsOfLast = (playlist: string) =>
  playlist.slice(playlist.lastIndexOf('#EXTINF:')).match(/#EXT-X-PART:/g)?.length ?? 0;

describe('« Latence faible »', () => {
  it('serves parts with blocking reloads and preload hints, under the direct’s access rules', async () => {
    const direct = await broadcastingDirect(ctx, geek, 'Match en direct', Privacy.School);
    const low = await ctx.app.inject({
      method: 'PUT',
      url: `/api/directs/${direct.id}/broadcast`,
      headers: geek.auth,
      payload: { lowLatency: true },
    });
    expect(low.json().lowLatency).toBe(true);
    const encoder = publish(stream, rtmpPort, direct.key);
    const base = `/api/media/live/${direct.id}`;

    // The master points every variant at its low-latency playlist.
    const master = await waitFor(
      'the master playlist',
      () => get(`${base}/master.m3u8`, member),
      (r) => r.statusCode === 200,
    );
    expect(master.body).toContain('source/ll.m3u8');
    expect(master.body).toContain('180p/ll.m3u8');
    const first = await waitFor(
      'two whole segments',
      () => get(`${base}/source/ll.m3u8`, member),
      (r) => r.statusCode === 200 && (r.body.match(/^#EXTINF:/gm)?.length ?? 0) >= 2,
    );
    expect(lowLatencyRuleBreaks(first.body)).toEqual([]);
    expect(first.headers['content-type']).toContain('mpegurl');
    // Segments of the encoder's 1 s keyframes, parts of a third of a second.
    expect(first.body).toContain('#EXT-X-TARGETDURATION:1\n');
    expect(first.body).toMatch(/#EXT-X-PART-INF:PART-TARGET=0\.35\n/);

    // A blocking reload for the part after the newest is answered once that part is listed.
    const msn = lastMsn(first.body);
    const part = partsOfLast(first.body);
    const asked = Date.now();
    const blocked = await get(`${base}/source/ll.m3u8?_HLS_msn=${msn}&_HLS_part=${part}`, member);
    expect(blocked.statusCode).toBe(200);
    expect(Date.now() - asked).toBeLessThan(3_000);
    expect(lowLatencyRuleBreaks(blocked.body)).toEqual([]);
    expect(lastMsn(blocked.body) > msn || partsOfLast(blocked.body) > part).toBe(true);

    // The preload hint's part, asked before it exists, comes as soon as it is cut.
    const hint = hintOf(blocked.body)!;
    const partBytes = await get(`${base}/source/${hint}`, member);
    expect(partBytes.statusCode).toBe(200);
    expect(partBytes.headers['content-type']).toBe('video/mp4');
    expect(partBytes.headers['cache-control']).toBe('private, no-store');
    expect(partBytes.rawPayload.toString('latin1', 4, 8)).toBe('moof');
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(blocked.body)![1]!;
    expect((await get(`${base}/source/${init}`, member)).rawPayload.toString('latin1', 4, 8)).toBe(
      'ftyp',
    );
    const segment = /^ll-\w+-\d+\.m4s$/m.exec(blocked.body)![0];
    const whole = await get(`${base}/source/${segment}`, member);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.toString('latin1', 4, 8)).toBe('moof');

    // The rung has its own parts, cut at the same keyframes.
    const rung = await get(`${base}/180p/ll.m3u8`, member);
    expect(lowLatencyRuleBreaks(rung.body)).toEqual([]);
    expect(rung.body).toContain('#EXT-X-PART:');

    // Bad requests: an _HLS_msn beyond the next two segments, a part without its segment,
    // a name that is no part: answered at once, and nothing waits.
    const far = await get(`${base}/source/ll.m3u8?_HLS_msn=${lastMsn(rung.body) + 50}`, member);
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toContain('_HLS_msn');
    expect((await get(`${base}/source/ll.m3u8?_HLS_part=1`, member)).statusCode).toBe(400);
    expect((await get(`${base}/source/ll.m3u8?_HLS_msn=-1`, member)).statusCode).toBe(400);
    expect((await get(`${base}/source/ll-zz-p999999.m4s`, member)).statusCode).toBe(404);
    expect((await get(`${base}/source/..%2Fmaster.m3u8`, member)).statusCode).toBe(400);

    // A delta update leaves out what is older than CAN-SKIP-UNTIL, and nothing newer.
    const full = await get(`${base}/source/ll.m3u8`, member);
    const delta = await get(`${base}/source/ll.m3u8?_HLS_skip=YES`, member);
    expect(lowLatencyRuleBreaks(delta.body)).toEqual([]);
    const uris = (text: string) => text.split('\n').filter((line) => /^ll-.*\.m4s$/.test(line));
    expect(uris(full.body).slice(-3)).toEqual(uris(delta.body).slice(-3));

    // A visitor gets nothing of a school-only live; a token in the query reaches every URI.
    for (const url of [
      `${base}/source/ll.m3u8`,
      `${base}/source/${init}`,
      `${base}/source/${segment}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    const tokened = await get(`${base}/source/ll.m3u8?token=${member.token}`);
    expect(tokened.statusCode).toBe(200);
    expect(tokened.body).toContain(`#EXT-X-MAP:URI="${init}?token=${member.token}"`);
    expect(hintOf(tokened.body)).toMatch(new RegExp(`\\?token=${member.token}$`));

    // One account cannot hold more than a few requests waiting at once.
    const ahead = lastMsn((await get(`${base}/source/ll.m3u8`, member)).body) + 2;
    const flood = await Promise.all(
      Array.from({ length: 20 }, () => get(`${base}/source/ll.m3u8?_HLS_msn=${ahead}`, member)),
    );
    const refused = flood.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json().message).toContain('Trop de requêtes en attente');

    // The recording and the REDIFF are those of any live.
    await encoder.exited;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/directs/${direct.id}/live/end`,
      headers: geek.auth,
    });
    const ended = await waitFor(
      'the REDIFF',
      () => liveStatus(ctx, direct.id, member),
      (s) => s.state === 'ended' && s.rediffVideoId !== null,
      30_000,
    );
    const seconds = await ctx.storage.withLocalFile(
      mediaKeys.raw(ended.rediffVideoId!),
      durationOf,
    );
    expect(seconds).toBeGreaterThan(13);
    expect(seconds).toBeLessThan(15);
  });
});

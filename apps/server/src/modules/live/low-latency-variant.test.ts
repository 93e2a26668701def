import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLowLatencyVariant, type LowLatencyVariantOptions } from './low-latency-variant.ts';
import { fakeFragment, lowLatencyRuleBreaks } from './low-latency.test-support.ts';

const started = new Date('2026-11-27T20:00:00Z');

const variant = (more: Partial<LowLatencyVariantOptions> = {}) => {
  const written = new Map<string, Buffer>();
  const removed: string[] = [];
  const live = createLowLatencyVariant({
    segmentSeconds: 1,
    partTarget: 0.334,
    windowSeconds: 7_200,
    write: async (name, bytes) => void written.set(name, bytes),
    remove: async (name) => void removed.push(name),
    clock: () => started,
    ...more,
  });
  return { live, written, removed };
};

/** `seconds` of an encoder with a keyframe every `keyframe` seconds, in parts of 1/3 s. */
const send = (
  live: ReturnType<typeof variant>['live'],
  seconds: number,
  keyframe = 1,
  label = 'p',
) => {
  const perKeyframe = Math.round(keyframe * 3);
  for (let index = 0; index < Math.round(seconds * 3); index += 1) {
    live.fragment(fakeFragment(1 / 3, index % perKeyframe === 0, `${label}${index}`));
  }
};

const uris = (playlist: string) => playlist.split('\n').filter((line) => /^ll-.*\.m4s$/.test(line));
const parts = (playlist: string) => playlist.match(/#EXT-X-PART:/g)?.length ?? 0;

afterEach(() => vi.useRealTimers());

describe('a low-latency variant', () => {
  it('cuts segments at the keyframes, lists the newest parts and hints the next one', () => {
    const { live, written } = variant();
    live.init(Buffer.from('init'));
    send(live, 10);
    const text = live.playlist();
    expect(lowLatencyRuleBreaks(text)).toEqual([]);
    expect(text).toContain('#EXT-X-TARGETDURATION:1\n');
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=0.334\n');
    expect(text).toContain('PART-HOLD-BACK=1.002');
    expect(text).toMatch(/#EXT-X-MAP:URI="init-\w+-1\.mp4"/);
    // Nine whole segments of 1 s, the tenth being cut: its parts, then the hint of its next.
    expect(uris(text)).toHaveLength(9);
    expect(text.match(/#EXTINF:1,/g)).toHaveLength(9);
    expect(text).toMatch(
      /#EXT-X-PART:DURATION=0\.333,URI="ll-\w+-p29\.m4s"\n#EXT-X-PRELOAD-HINT:TYPE=PART,URI="ll-\w+-p30\.m4s"\n$/,
    );
    // Parts only for the newest segments (the last three target durations and one more).
    expect(parts(text)).toBe(4 * 3 + 3);
    // Whole segments are kept in the live's folder, each the parts one after the other.
    expect(written.get(uris(text)[0]!)?.toString()).toBe('p0p1p2');
    expect([...written.keys()].filter((name) => name.startsWith('init-'))).toHaveLength(1);
  });

  it('answers a blocking reload when its part arrives, not before, and refuses one too far ahead', async () => {
    const { live } = variant();
    live.init(Buffer.from('init'));
    send(live, 2);
    // Segments 0 and 1 are listed (1 still open, 3 parts): msn 1 part 3 is the next part.
    expect(live.check(0)).toBe('now');
    expect(live.check(1, 2)).toBe('now');
    expect(live.check(1, 3)).toBe('wait');
    expect(live.check(3)).toBe('wait');
    expect(live.check(4)).toBe('too-far');
    let answered = false;
    const waiting = live.whenListed(1, 3).then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    expect(live.waiting()).toBe(1);
    live.fragment(fakeFragment(1 / 3, false));
    await waiting;
    expect(answered).toBe(true);
    expect(live.waiting()).toBe(0);
  });

  it('sends the preload hint part as soon as it is cut', async () => {
    const { live } = variant();
    live.init(Buffer.from('init'));
    send(live, 1);
    const hint = /PRELOAD-HINT:TYPE=PART,URI="([^"]+)"/.exec(live.playlist())![1]!;
    expect(await live.nextPartBytes('ll-nope-0.0.m4s')).toBeNull();
    const bytes = live.nextPartBytes(hint);
    live.fragment(fakeFragment(1 / 3, true, 'next'));
    expect((await bytes)?.toString()).toBe('next');
    expect(live.bytesOf(hint)?.toString()).toBe('next');
  });

  it('answers a waiting request with the playlist after three target durations without a part', async () => {
    vi.useFakeTimers();
    const { live } = variant();
    live.init(Buffer.from('init'));
    send(live, 2);
    let answered = false;
    void live.whenListed(5).then(() => (answered = true));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1_600);
    expect(answered).toBe(true);
    live.end();
  });

  it('continues after a reconnect: a discontinuity, the new init, the same sequence', () => {
    const { live } = variant();
    live.init(Buffer.from('first'));
    send(live, 3.34);
    live.init(Buffer.from('second'));
    send(live, 2);
    const text = live.playlist();
    expect(lowLatencyRuleBreaks(text)).toEqual([]);
    expect(text.match(/#EXT-X-MAP:/g)).toHaveLength(2);
    // The first publish's last part (a lone third of a second) closes its segment.
    expect(text).toMatch(
      /#EXTINF:0\.333,\nll-\w+-3\.m4s\n#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="init-\w+-2\.mp4"/,
    );
    expect(uris(text).map((uri) => /-(\d+)\.m4s$/.exec(uri)![1])).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
    ]);
  });

  it('keeps its rewind window, and a delta update skips what is older than six target durations', () => {
    const { live, removed } = variant({ windowSeconds: 20 });
    live.init(Buffer.from('a'));
    send(live, 12);
    live.init(Buffer.from('b'));
    send(live, 20.34);
    const full = live.playlist();
    expect(lowLatencyRuleBreaks(full)).toEqual([]);
    // 12 + 20 whole segments were cut, 20 s are kept: the oldest went, their files too.
    expect(uris(full)).toHaveLength(20);
    expect(removed).toHaveLength(12);
    // The reconnect's segment left: the first listed now counts one discontinuity.
    expect(full).toContain('#EXT-X-MEDIA-SEQUENCE:12\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
    expect(full).toContain('CAN-SKIP-UNTIL=6,');
    const delta = live.playlist({ skip: true });
    expect(lowLatencyRuleBreaks(delta)).toEqual([]);
    expect(delta).toContain(
      '#EXT-X-MEDIA-SEQUENCE:12\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n#EXT-X-SKIP:SKIPPED-SEGMENTS=14\n',
    );
    expect(uris(delta)).toEqual(uris(full).slice(14));
    // The skipped segments' init is repeated before the first one listed.
    expect(delta).toMatch(/#EXT-X-SKIP:SKIPPED-SEGMENTS=14\n#EXT-X-MAP:URI="init-\w+-2\.mp4"/);
  });

  it('dates each segment where the one before ended, whenever its parts reach the server', () => {
    // A loaded machine: the fragments arrive late and in bursts.
    let now = started.getTime();
    const { live } = variant({ clock: () => new Date((now += 777)) });
    live.init(Buffer.from('a'));
    send(live, 4);
    live.init(Buffer.from('b'));
    send(live, 2);
    const dates = [...live.playlist().matchAll(/PROGRAM-DATE-TIME:(.+)/g)].map((m) =>
      Date.parse(m[1]!),
    );
    const first = dates[0]!;
    // One second apart, as their EXTINF says, within a publish...
    expect(dates.slice(0, 4).map((date) => date - first)).toEqual([0, 1000, 2000, 3000]);
    // ...and a reconnect dated by the clock again.
    expect(dates[4]! - dates[3]!).not.toBe(1000);
  });

  it('says once when keyframes are too far apart for parts', () => {
    const spaced: number[] = [];
    const { live } = variant({ onTooSpaced: (seconds) => spaced.push(seconds) });
    live.init(Buffer.from('init'));
    send(live, 2, 1);
    expect(live.tooSpaced()).toBe(false);
    send(live, 20, 10);
    expect(live.tooSpaced()).toBe(true);
    expect(spaced).toHaveLength(1);
    expect(spaced[0]).toBeGreaterThanOrEqual(4);
  });

  it('ends: the last segment closes, ENDLIST, no hint, waiting requests answered', async () => {
    const { live } = variant();
    live.init(Buffer.from('init'));
    send(live, 1.67);
    const waiting = live.whenListed(9);
    live.end();
    await waiting;
    const text = live.playlist();
    expect(lowLatencyRuleBreaks(text)).toEqual([]);
    expect(text).toMatch(/#EXTINF:0\.667,\nll-\w+-1\.m4s\n#EXT-X-ENDLIST\n$/);
    expect(text).not.toContain('PRELOAD-HINT');
  });
});

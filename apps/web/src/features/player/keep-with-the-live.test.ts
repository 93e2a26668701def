import Hls from 'hls.js/light';
import { describe, expect, it } from 'vitest';
import {
  STALLS_FORGOTTEN_AFTER_MS,
  forgetOldStalls,
  playlistDistance,
  rejoinWhenLeftBehind,
} from './keep-with-the-live.ts';
import { FakeHls } from './testing/fake-hls.ts';
import { liveHlsConfig, lowLatencyHlsConfig } from './live-hls-config.ts';

const standard = { partHoldBack: 0, holdBack: 0, targetduration: 2 };
const lowLatency = { partHoldBack: 1.05, holdBack: 0, targetduration: 1 };

describe('playlistDistance', () => {
  it('is our count of target durations for a standard live', () => {
    expect(
      playlistDistance(
        standard,
        { lowLatencyMode: true, liveSyncDurationCount: 2 },
        liveHlsConfig.liveSyncDurationCount,
      ),
    ).toBe(4);
  });

  it('is the PART-HOLD-BACK for a « Latence faible » live, which sets no count', () => {
    expect('liveSyncDurationCount' in lowLatencyHlsConfig).toBe(false);
    expect(
      playlistDistance(lowLatency, { lowLatencyMode: true, liveSyncDurationCount: 3 }, undefined),
    ).toBe(1.05);
    // A playlist without parts (the live left low latency): hls.js's own three segments.
    expect(
      playlistDistance(standard, { lowLatencyMode: true, liveSyncDurationCount: 3 }, undefined),
    ).toBe(6);
  });
});

/**
 * hls.js's events and its target as hls.js 1.7 keeps them: each stall adds a second to the
 * target until a new target is set.
 */
const engine = () => {
  const listeners = new Map<string, ((event: string, data: unknown) => void)[]>();
  let stalls = 0;
  let chosen: number | null = null;
  const fake = {
    config: { lowLatencyMode: true, liveSyncDurationCount: 3 },
    userConfig: {},
    set: [] as number[],
    on(event: string, listener: (event: string, data: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    emit(event: string, data: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(event, data);
    },
    get targetLatency() {
      return (chosen ?? 1.05) + Math.min(stalls, 1);
    },
    set targetLatency(value: number) {
      stalls = 0;
      chosen = value;
      fake.set.push(value);
    },
    stall() {
      stalls += 1;
      fake.emit(Hls.Events.ERROR, { details: Hls.ErrorDetails.BUFFER_STALLED_ERROR });
    },
    reload() {
      fake.emit(Hls.Events.LEVEL_UPDATED, { details: { live: true, ...lowLatency } });
    },
  };
  return fake;
};

describe('forgetOldStalls', () => {
  it('keeps a viewer who stalled further back for a while, then brings them back with the others', () => {
    let now = 0;
    const hls = engine();
    forgetOldStalls(hls as unknown as Hls, Hls, () => now);

    hls.reload();
    expect(hls.set).toEqual([]);

    hls.stall();
    expect(hls.targetLatency).toBeCloseTo(2.05);
    now += STALLS_FORGOTTEN_AFTER_MS - 1000;
    hls.reload();
    expect(hls.targetLatency).toBeCloseTo(2.05);

    now += 1000;
    hls.reload();
    expect(hls.set).toEqual([1.05]);
    expect(hls.targetLatency).toBeCloseTo(1.05);
    hls.reload();
    expect(hls.set).toEqual([1.05]);
  });

  it('leaves a connection that keeps failing where its stalls put it', () => {
    let now = 0;
    const hls = engine();
    forgetOldStalls(hls as unknown as Hls, Hls, () => now);
    for (let i = 0; i < 10; i += 1) {
      hls.stall();
      now += STALLS_FORGOTTEN_AFTER_MS / 2;
      hls.reload();
    }
    expect(hls.set).toEqual([]);
    expect(hls.targetLatency).toBeCloseTo(2.05);
  });
});

describe('rejoinWhenLeftBehind', () => {
  /**
   * A « Latence faible » live (1.05 s behind the edge, 1 s segments) followed from 100 s:
   * `behind(s)` moves hls.js's position for the live `s` seconds past the viewer's.
   */
  const live = () => {
    const hls = new FakeHls({});
    hls.targetLatency = 1.05;
    hls.latestLevelDetails = { live: true, targetduration: 1 };
    const state = { paused: false, seeking: false };
    const video = document.createElement('video');
    Object.defineProperty(video, 'paused', { get: () => state.paused });
    Object.defineProperty(video, 'seeking', { get: () => state.seeking });
    video.currentTime = 100;
    hls.liveSyncPosition = 100;
    video.dispatchEvent(new Event('timeupdate'));
    rejoinWhenLeftBehind(hls as unknown as Hls, FakeHls as unknown as typeof Hls, video);
    return {
      video,
      state,
      behind(seconds: number) {
        hls.liveSyncPosition = video.currentTime + seconds;
        hls.emit(FakeHls.Events.LEVEL_UPDATED);
        return video.currentTime;
      },
      seek(to: number) {
        state.seeking = true;
        video.currentTime = to;
        video.dispatchEvent(new Event('seeking'));
        state.seeking = false;
        video.dispatchEvent(new Event('timeupdate'));
      },
    };
  };

  it('takes a viewer who never left the live back to it once beyond hls.js’s catch-up', () => {
    expect(live().behind(6)).toBe(106);
  });

  it('leaves a viewer within reach to hls.js’s catch-up rate', () => {
    expect(live().behind(1.5)).toBe(100);
  });

  it('leaves a viewer who rewound or paused behind, until they come back to the live', () => {
    const rewound = live();
    rewound.seek(60);
    expect(rewound.behind(40)).toBe(60);
    // « Retour au direct »: following again, and brought back after the next long cut.
    rewound.seek(99.5);
    expect(rewound.behind(6)).toBe(105.5);

    const paused = live();
    paused.state.paused = true;
    paused.video.dispatchEvent(new Event('pause'));
    paused.state.paused = false;
    expect(paused.behind(6)).toBe(100);
  });

  it('counts a viewer back within hls.js’s reach after a short pause as following again', () => {
    const paused = live();
    paused.state.paused = true;
    paused.video.dispatchEvent(new Event('pause'));
    paused.state.paused = false;
    expect(paused.behind(1.5)).toBe(100);
    expect(paused.behind(6)).toBe(106);
  });
});

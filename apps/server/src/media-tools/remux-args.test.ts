import { describe, expect, it } from 'vitest';
import { buildRemuxArgs, supportsReadrate } from './remux-args.ts';
import { remuxProblem, type RenditionShape } from './remux-check.ts';

describe('buildRemuxArgs', () => {
  it('copies the video and sound into the encodes’ fragmented layout, at a limited rate', () => {
    expect(
      buildRemuxArgs('/m/3/720.mp4', '/m/.tmp/x.mp4', { hasAudio: true, readrate: 50 }),
    ).toEqual([
      ...[
        '-hide_banner',
        '-nostdin',
        '-y',
        '-loglevel',
        'error',
        '-progress',
        'pipe:1',
        '-nostats',
      ],
      ...['-readrate', '50', '-i', '/m/3/720.mp4', '-map', '0:v:0', '-map', '0:a:0'],
      ...['-c', 'copy', '-map_metadata', '-1'],
      ...['-movflags', '+frag_keyframe+empty_moov+default_base_moof+global_sidx'],
      ...['-use_editlist', '1', '-f', 'mp4', '/m/.tmp/x.mp4'],
    ]);
  });

  it('maps no sound for a silent rendition and reads at full speed when asked', () => {
    const args = buildRemuxArgs('in.mp4', 'out.mp4', { hasAudio: false, readrate: 0 });
    expect(args).not.toContain('-readrate');
    expect(args).not.toContain('0:a:0');
  });

  it('knows which ffmpeg has -readrate', () => {
    expect(supportsReadrate('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026')).toBe(true);
    expect(supportsReadrate('ffmpeg version 4.1.4-1st Copyright (c) 2000-2019')).toBe(false);
    expect(supportsReadrate('ffmpeg version n7.1 Copyright')).toBe(true);
    expect(supportsReadrate('ffmpeg version N-118000-g1234 Copyright')).toBe(true);
  });
});

describe('remuxProblem', () => {
  const shape: RenditionShape = {
    videoPackets: 360,
    keyframes: 6,
    audioPackets: 563,
    durationSeconds: 12,
    unaligned: null,
  };
  const index = (starts: boolean[]) => ({
    init: { offset: 0, length: 1000 },
    timescale: 15360,
    earliestPresentationTime: 0,
    segments: starts.map((sap, i): [number, number, number, boolean] => [i * 100, 100, 30720, sap]),
    codecs: ['avc1.64001e', 'mp4a.40.2'],
    width: 854,
    height: 480,
  });

  it('accepts the same packets cut at every keyframe', () => {
    expect(
      remuxProblem(shape, { ...shape, durationSeconds: 12.067 }, index(Array(6).fill(true))),
    ).toBeNull();
  });

  it('says in French what a copy lost or moved', () => {
    const all = index(Array(6).fill(true));
    expect(remuxProblem(shape, { ...shape, videoPackets: 359 }, all)).toBe(
      '359 images au lieu de 360',
    );
    expect(remuxProblem(shape, { ...shape, audioPackets: 1 }, all)).toBe(
      '1 paquets de son au lieu de 563',
    );
    expect(remuxProblem(shape, shape, index([true, false, true, true, true, true]))).toBe(
      'un fragment ne commence pas sur une image clé',
    );
    expect(remuxProblem(shape, shape, index(Array(5).fill(true)))).toBe(
      '5 fragments pour 6 images clés',
    );
    expect(remuxProblem(shape, { ...shape, durationSeconds: 10 }, all)).toBe(
      'durée 10.00 s au lieu de 12.00 s',
    );
  });
});

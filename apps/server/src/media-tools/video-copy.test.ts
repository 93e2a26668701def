import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { clipsDir, makeClip, type ClipKind } from '../test/clips.ts';
import { testTmpDir } from '../test/test-env.ts';
import { planRungs } from './encode-args.ts';
import { probeVideo } from './probe.ts';
import { decideTopRungCopy, packetsCopyVerdict, streamCopyVerdict } from './video-copy.ts';

const run = promisify(execFile);
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH || 'ffprobe';

const camera = {
  width: 1920,
  height: 1080,
  videoCodec: 'h264',
  pixelFormat: 'yuv420p',
  profile: 'High',
  level: 40,
  fieldOrder: 'progressive',
  rotation: 0,
};
const fits = {
  packets: 600,
  longestKeyframeGap: 2,
  startsOnKeyframe: true,
  keyframes: [0, 2, 4, 6],
  presentationDelay: 2 / 30,
  overCap: false,
};
const reasonOf = (verdict: { copy: boolean; reason?: string }) =>
  verdict.copy ? 'copy' : verdict.reason;

describe('streamCopyVerdict', () => {
  it('copies H.264 yuv420p of the rung’s exact size, landscape or portrait', () => {
    expect(streamCopyVerdict(camera, 1080)).toEqual({ copy: true });
    expect(streamCopyVerdict({ ...camera, width: 1080, height: 1920 }, 1080)).toEqual({
      copy: true,
    });
    expect(streamCopyVerdict({ ...camera, width: 1280, height: 720 }, 720)).toEqual({ copy: true });
    for (const profile of ['Main', 'Constrained Baseline']) {
      expect(streamCopyVerdict({ ...camera, profile }, 1080).copy).toBe(true);
    }
    expect(streamCopyVerdict({ ...camera, level: 42, fieldOrder: '' }, 1080).copy).toBe(true);
  });

  it('re-encodes anything a browser might not play as the rung would', () => {
    const cases: [Partial<typeof camera>, string][] = [
      [{ videoCodec: 'hevc' }, 'codec hevc'],
      [{ pixelFormat: 'yuv420p10le' }, 'pixel format yuv420p10le'],
      [{ pixelFormat: 'yuvj420p' }, 'pixel format yuvj420p'],
      [{ profile: 'High 4:2:2' }, 'profile High 4:2:2'],
      [{ profile: 'Baseline' }, 'profile Baseline'],
      [{ level: 51 }, 'level 51'],
      [{ level: 0 }, 'level 0'],
      [{ fieldOrder: 'tt' }, 'interlaced'],
      [{ rotation: 90, width: 1080, height: 1920 }, 'rotated 90°'],
    ];
    for (const [change, reason] of cases) {
      expect(reasonOf(streamCopyVerdict({ ...camera, ...change }, 1080))).toBe(reason);
    }
  });

  it('re-encodes a source whose size is not the rung’s', () => {
    expect(reasonOf(streamCopyVerdict({ ...camera, width: 3840, height: 2160 }, 1080))).toBe(
      'size 3840x2160 is not the 1080 rung',
    );
    expect(reasonOf(streamCopyVerdict({ ...camera, width: 1440, height: 1080 }, 720))).toBe(
      'size 1440x1080 is not the 720 rung',
    );
    expect(streamCopyVerdict({ ...camera, width: 1921 }, 1080).copy).toBe(false);
  });
});

describe('packetsCopyVerdict', () => {
  it('copies keyframes up to two seconds apart within the cap', () => {
    expect(packetsCopyVerdict(fits, 30, 1080)).toEqual({ copy: true });
    expect(packetsCopyVerdict({ ...fits, longestKeyframeGap: 2.01 }, 30, 1080).copy).toBe(true);
    expect(
      packetsCopyVerdict({ ...fits, longestKeyframeGap: 1001 / 500 }, 30000 / 1001, 720).copy,
    ).toBe(true);
  });

  it('re-encodes sparse keyframes, a bitrate over the cap, or a stream that cannot start', () => {
    expect(reasonOf(packetsCopyVerdict({ ...fits, longestKeyframeGap: 2.05 }, 30, 1080))).toBe(
      'keyframes 2.05 s apart',
    );
    expect(reasonOf(packetsCopyVerdict({ ...fits, longestKeyframeGap: 4 }, 25, 720))).toBe(
      'keyframes 4.00 s apart',
    );
    expect(reasonOf(packetsCopyVerdict({ ...fits, overCap: true }, 30, 720))).toBe(
      "bitrate above the 720 rung's 2800 kbit/s cap",
    );
    expect(reasonOf(packetsCopyVerdict({ ...fits, startsOnKeyframe: false }, 30, 1080))).toBe(
      'does not start on a keyframe',
    );
    expect(reasonOf(packetsCopyVerdict({ ...fits, packets: 0 }, 30, 1080))).toBe('no video packet');
  });

  it('re-encodes keyframes off the two-second grid the encoded rungs are cut on', () => {
    // A scene cut's extra keyframe would start a fragment no other rung has.
    expect(reasonOf(packetsCopyVerdict({ ...fits, keyframes: [0, 2, 3.1, 4, 6] }, 30, 1080))).toBe(
      'keyframe at 3.10 s, off the 2.00 s grid',
    );
    expect(reasonOf(packetsCopyVerdict({ ...fits, keyframes: [0, 1, 2] }, 30, 720))).toBe(
      'keyframe at 1.00 s, off the 2.00 s grid',
    );
    // Half a frame of slack, from a stream that starts later than 0 (a B-frame delay).
    const shifted = [0.067, 2.067 + 0.01, 4.067];
    expect(packetsCopyVerdict({ ...fits, keyframes: shifted }, 30, 1080)).toEqual({ copy: true });
    expect(
      packetsCopyVerdict(
        { ...fits, keyframes: [0, 2.002, 4.004], presentationDelay: 2002 / 30000 },
        30000 / 1001,
        720,
      ).copy,
    ).toBe(true);
  });

  it('re-encodes a stream whose pictures would start at other times than the encoded rungs’', () => {
    // No B-frames (many phones): shown as decoded, two frames before the encoded rungs' frames.
    expect(reasonOf(packetsCopyVerdict({ ...fits, presentationDelay: 0 }, 30, 720))).toBe(
      "picture delay 0 ms, the encoded rungs' 67 ms",
    );
    expect(reasonOf(packetsCopyVerdict({ ...fits, presentationDelay: 3 / 25 }, 25, 1080))).toBe(
      "picture delay 120 ms, the encoded rungs' 80 ms",
    );
  });
});

describe('decideTopRungCopy (real ffprobe)', () => {
  const decide = async (file: string) => {
    const source = (await probeVideo(ffprobe, file))!;
    return reasonOf(await decideTopRungCopy(ffprobe, file, source, planRungs(source)[0]!));
  };
  const clip = (kind: ClipKind) => makeClip(clipsDir, kind);

  it('reads each clip’s header and packets to the right verdict', async () => {
    expect(await decide(await clip('720p-fits'))).toBe('copy');
    expect(await decide(await clip('720p-over-cap'))).toBe(
      "bitrate above the 720 rung's 2800 kbit/s cap",
    );
    expect(await decide(await clip('360p'))).toBe('size 640x360 is not the 240 rung');
    expect(await decide(await clip('odd'))).toBe('pixel format yuv444p');
  });

  it('re-encodes a rotated upload, whose picture ffmpeg turns only when it re-encodes', async () => {
    const fits = await clip('720p-fits'); // first: it also creates the test folder
    const dir = await mkdtemp(path.join(testTmpDir, 'rotated-'));
    try {
      const rotated = path.join(dir, 'rotated.mp4');
      await run(ffmpeg, [
        ...['-v', 'error', '-i', fits, '-c', 'copy'],
        ...['-metadata:s:v', 'rotate=90', rotated],
      ]);
      expect(await decide(rotated)).toBe('rotated 90°');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('re-encodes a fitting stream without B-frames (its pictures would start two frames early)', async () => {
    const dir = await mkdtemp(path.join(testTmpDir, 'no-b-frames-'));
    try {
      const file = path.join(dir, 'phone.mp4');
      await run(ffmpeg, [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=4'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-crf', '28'],
        ...['-maxrate', '2000k', '-bufsize', '4000k', '-g', '60', '-pix_fmt', 'yuv420p', file],
      ]);
      expect(await decide(file)).toBe("picture delay 0 ms, the encoded rungs' 67 ms");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

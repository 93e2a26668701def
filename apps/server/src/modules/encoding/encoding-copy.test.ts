import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packetsCopyVerdict, scanVideoPackets } from '../../media-tools/video-copy.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { clipsDir, makeClip, type ClipKind } from '../../test/clips.ts';
import { useTestApp } from '../../test/harness.ts';
import {
  seedVideo,
  topLevelBoxes,
  videoPacketsMd5 as packetsMd5,
  useEncodeWorker,
  waitForVideo,
} from './encoding.test-helpers.ts';

const run = promisify(execFile);
const ctx = useTestApp();
const encoder = useEncodeWorker(ctx);

const videoPacketsMd5 = (file: string) => packetsMd5(encoder.binaries.ffmpeg, file);

/** Every stream of a file: its kind and duration in seconds. */
const streamsOf = async (file: string) => {
  const { stdout } = await run(encoder.binaries.ffprobe, [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'json', file],
  ]);
  const { streams } = JSON.parse(stdout) as { streams: { codec_type: string; duration: string }[] };
  return streams.map((s) => ({ type: s.codec_type, seconds: Number(s.duration) }));
};

/** Uploads `kind` as a video's raw file, asks a geek's encode and waits for it to publish. */
const publish = async (kind: ClipKind) => {
  const geek = await ctx.createUser('geek');
  const clip = await makeClip(clipsDir, kind);
  const id = await seedVideo(ctx.database, ctx.storage, clip);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/encode/${id}`,
    headers: geek.auth,
  });
  expect(response.statusCode).toBe(200);
  const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2);
  expect(done).toMatchObject({ processing: 3, rungs: [720, 480, 240], encodingError: null });
  const rung = (height: number) => ctx.storage.localFiles!.localPath(mediaKeys.rung(id, height, 0));
  return { clip, rung };
};

/** Each rung: one video and one audio stream, both as long as the source, index in front. */
const expectPlayableRungs = async (clip: string, rung: (height: number) => string) => {
  const source = await streamsOf(clip);
  for (const height of [720, 480, 240]) {
    const streams = await streamsOf(rung(height));
    expect(streams.map((s) => s.type)).toEqual(['video', 'audio']);
    expect(streams[0]!.seconds).toBeCloseTo(source[0]!.seconds, 1);
    // The sound, delayed onto the picture by two frames less AAC's priming, ends that later.
    expect(Math.abs(streams[1]!.seconds - source[1]!.seconds)).toBeLessThan(0.1);
    const boxes = await topLevelBoxes(rung(height));
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  }
};

describe('the top rung copied from a source that already fits it', () => {
  it('publishes the source’s own video packets as the 720 rung and re-encodes the others', async () => {
    const { clip, rung } = await publish('720p-fits');
    const source = await videoPacketsMd5(clip);
    expect(await videoPacketsMd5(rung(720))).toBe(source);
    expect(await videoPacketsMd5(rung(480))).not.toBe(source);
    await expectPlayableRungs(clip, rung);
  });

  it('re-encodes the top rung of a source over its bitrate cap, down to the cap', async () => {
    const { clip, rung } = await publish('720p-over-cap');
    expect(await videoPacketsMd5(rung(720))).not.toBe(await videoPacketsMd5(clip));
    const source = await scanVideoPackets(encoder.binaries.ffprobe, clip, 720);
    expect(packetsCopyVerdict(source!, 30, 720)).toEqual({
      copy: false,
      reason: "bitrate above the 720 rung's 2800 kbit/s cap",
    });
    // What Plateau wrote would itself be copied on a second upload: it is within the cap.
    const encoded = await scanVideoPackets(encoder.binaries.ffprobe, rung(720), 720);
    expect(packetsCopyVerdict(encoded!, 30, 720)).toEqual({ copy: true });
    await expectPlayableRungs(clip, rung);
  });
});

import { describe, expect, it } from 'vitest';
import { createPacketMeter, parsePacketLine, type VideoPacket } from './video-packets.ts';

/** `seconds` of 30 fps packets of `bytes` each, a keyframe every `gop` frames. */
const stream = (seconds: number, gop: number, bytes: number): VideoPacket[] =>
  Array.from({ length: seconds * 30 }, (_, index) => ({
    pts: index / 30,
    dts: index / 30,
    duration: 1 / 30,
    bytes,
    keyframe: index % gop === 0,
  }));

const summarize = (packets: VideoPacket[], maxrateKbps = 5000) => {
  const meter = createPacketMeter(maxrateKbps, maxrateKbps * 2);
  for (const packet of packets) meter.add(packet);
  return meter.summary();
};

describe('parsePacketLine', () => {
  it('reads times, size and the keyframe flag of an ffprobe compact line', () => {
    expect(
      parsePacketLine(
        'pts_time=0.066667|dts_time=-0.033333|duration_time=0.033333|size=812|flags=K_',
      ),
    ).toEqual({ pts: 0.066667, dts: -0.033333, duration: 0.033333, bytes: 812, keyframe: true });
    expect(parsePacketLine('pts_time=1.5|dts_time=N/A|duration_time=N/A|size=9|flags=__')).toEqual({
      pts: 1.5,
      dts: 1.5,
      duration: 0,
      bytes: 9,
      keyframe: false,
    });
  });

  it('skips lines without a time or a size', () => {
    expect(
      parsePacketLine('pts_time=N/A|dts_time=0|duration_time=0.04|size=5|flags=K_'),
    ).toBeNull();
    expect(parsePacketLine('pts_time=0|dts_time=0|duration_time=0.04|size=|flags=K_')).toBeNull();
    expect(parsePacketLine('')).toBeNull();
  });
});

describe('createPacketMeter', () => {
  it('measures the longest keyframe gap, the last one up to the end of the stream', () => {
    expect(summarize(stream(10, 60, 1000))).toMatchObject({
      packets: 300,
      longestKeyframeGap: expect.closeTo(2, 6),
      startsOnKeyframe: true,
      keyframes: [0, 2, 4, 6, 8],
    });
    // Keyframes at 0 and 8 s of a 10 s stream: the first gap is the longest.
    expect(summarize(stream(10, 240, 1000)).longestKeyframeGap).toBeCloseTo(8, 6);
    // One keyframe at 0 of a 3 s stream: the gap runs to the end.
    expect(summarize(stream(3, 1000, 1000)).longestKeyframeGap).toBeCloseTo(3, 6);
  });

  it('orders keyframes by presentation time, whatever the decode order', () => {
    const packets = stream(4, 60, 1000).reverse();
    expect(summarize(packets)).toMatchObject({
      longestKeyframeGap: expect.closeTo(2, 6),
      startsOnKeyframe: true,
    });
  });

  it('measures the delay from the first frame decoded to the first shown', () => {
    expect(summarize(stream(4, 60, 1000)).presentationDelay).toBe(0);
    // B-frames: decoding starts two frames before the first picture is shown.
    const reordered = stream(4, 60, 1000).map((packet) => ({
      ...packet,
      dts: packet.dts - 2 / 30,
    }));
    expect(summarize(reordered).presentationDelay).toBeCloseTo(2 / 30, 9);
  });

  it('tells a stream that does not start on a keyframe, or has none', () => {
    expect(summarize(stream(4, 60, 1000).slice(1)).startsOnKeyframe).toBe(false);
    const none = stream(2, 1000, 1000).map((packet) => ({ ...packet, keyframe: false }));
    expect(summarize(none)).toMatchObject({
      startsOnKeyframe: false,
      longestKeyframeGap: Number.POSITIVE_INFINITY,
    });
  });

  it('accepts a steady rate under the cap and a burst the buffer absorbs', () => {
    // 5000 kbit/s at 30 fps is 20,833 bytes a frame.
    expect(summarize(stream(20, 60, 20_000)).overCap).toBe(false);
    const burst = stream(20, 60, 15_000);
    burst[30] = { ...burst[30]!, bytes: 1_000_000 }; // 8 Mbit: within the 10 Mbit buffer
    expect(summarize(burst).overCap).toBe(false);
  });

  it('flags a rate a few percent above the cap once the buffer is spent', () => {
    // 5.28 Mbit/s: 0.28 Mbit/s too much drains the 10 Mbit buffer in 36 s.
    expect(summarize(stream(30, 60, 22_000)).overCap).toBe(false);
    expect(summarize(stream(60, 60, 22_000)).overCap).toBe(true);
    expect(summarize(stream(60, 60, 22_000), 6000).overCap).toBe(false);
    const burst = stream(20, 60, 15_000);
    burst[30] = { ...burst[30]!, bytes: 1_400_000 }; // 11.2 Mbit: more than the buffer holds
    expect(summarize(burst).overCap).toBe(true);
  });
});

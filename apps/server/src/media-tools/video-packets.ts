/**
 * What the packets of a video stream say about copying it as a rung: how far apart its
 * keyframes are, and whether it stays within a rung's bitrate cap. Pure: fed one packet at a
 * time (a two-hour upload has hundreds of thousands), from `ffprobe -show_packets` lines.
 */

export interface VideoPacket {
  /** Presentation and decode times in seconds (decode falls back to presentation). */
  pts: number;
  dts: number;
  duration: number;
  bytes: number;
  keyframe: boolean;
}

export interface PacketSummary {
  packets: number;
  /** Longest stretch in seconds from a keyframe to the next, or to the end of the stream. */
  longestKeyframeGap: number;
  /** The first frame shown is a keyframe (a stream starting mid-GOP cannot be cut at 0). */
  startsOnKeyframe: boolean;
  /** Presentation times of the keyframes, in order: where the fragments of a copy would start. */
  keyframes: number[];
  /**
   * Seconds from the first frame decoded to the first shown (B-frame reordering): a fragmented
   * copy starts its picture this much after its first decode time.
   */
  presentationDelay: number;
  /** Some packet was due before the capped rate could have delivered it (VBV underflow). */
  overCap: boolean;
}

const numberOr = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) ? value : fallback;
};

/**
 * One `-of compact=p=0` line (`pts_time=0.03|dts_time=0.0|duration_time=0.03|size=812|flags=K_`),
 * or null when it has no usable time or size (ffprobe prints N/A for unknown fields).
 */
export const parsePacketLine = (line: string): VideoPacket | null => {
  const fields = new Map(
    line
      .trim()
      .split('|')
      .map((pair) => pair.split('=') as [string, string]),
  );
  const pts = numberOr(fields.get('pts_time'), Number.NaN);
  const bytes = numberOr(fields.get('size'), Number.NaN);
  if (!Number.isFinite(pts) || !Number.isFinite(bytes)) return null;
  return {
    pts,
    dts: numberOr(fields.get('dts_time'), pts),
    duration: numberOr(fields.get('duration_time'), 0),
    bytes,
    keyframe: fields.get('flags')?.startsWith('K') ?? false,
  };
};

/**
 * Accumulates packets in file (decode) order. The cap is checked as a leaky bucket, the model
 * x264's `-maxrate`/`-bufsize` encode to: the buffer fills at `maxrateKbps` up to `bufferKbits`
 * (starting full), and each packet takes its bits out at its decode time.
 */
export const createPacketMeter = (maxrateKbps: number, bufferKbits: number) => {
  const rate = maxrateKbps * 1000;
  const capacity = bufferKbits * 1000;
  const keyframes: number[] = [];
  let packets = 0;
  let firstPts = Number.POSITIVE_INFINITY;
  let firstDts = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  let fill = capacity;
  let lastDts: number | null = null;
  let overCap = false;

  const add = (packet: VideoPacket) => {
    packets += 1;
    firstPts = Math.min(firstPts, packet.pts);
    firstDts = Math.min(firstDts, packet.dts);
    end = Math.max(end, packet.pts + packet.duration);
    if (packet.keyframe) keyframes.push(packet.pts);
    if (lastDts !== null)
      fill = Math.min(capacity, fill + rate * Math.max(0, packet.dts - lastDts));
    lastDts = packet.dts;
    fill -= packet.bytes * 8;
    if (fill < 0) overCap = true;
  };

  const summary = (): PacketSummary => {
    const sorted = [...keyframes].sort((a, b) => a - b);
    const stops = [...sorted.slice(1), end];
    const longestKeyframeGap = sorted.reduce(
      (longest, pts, index) => Math.max(longest, stops[index]! - pts),
      sorted.length > 0 ? 0 : Number.POSITIVE_INFINITY,
    );
    return {
      packets,
      longestKeyframeGap,
      startsOnKeyframe: sorted.length > 0 && sorted[0] === firstPts,
      keyframes: sorted,
      presentationDelay: packets > 0 ? firstPts - firstDts : 0,
      overCap,
    };
  };

  return { add, summary };
};

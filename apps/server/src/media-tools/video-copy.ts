import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  ENCODED_PRESENTATION_DELAY_FRAMES,
  keyframeTiming,
  rungMaxrateKbps,
  type Rung,
} from './encode-args.ts';
import type { ProbeResult } from './probe.ts';
import { createPacketMeter, parsePacketLine, type PacketSummary } from './video-packets.ts';

/**
 * Whether the top rung can be the source's own video stream, copied instead of re-encoded: only
 * when a viewer could not tell, i.e. the stream is what Plateau's encode of that rung would be
 * allowed to be (H.264 yuv420p that Chromium plays, the rung's exact size, its bitrate cap, and
 * keyframes exactly every two seconds, as in the encoded rungs: renditions are fragmented at
 * each keyframe, and adaptive players switch rungs between fragments only if they line up).
 */
export type CopyVerdict = { copy: true } | { copy: false; reason: string };

/** Profiles every browser decodes; "Baseline" without the constraint flag may use FMO/ASO. */
const PLAYABLE_PROFILES = new Set(['Constrained Baseline', 'Main', 'High']);
/** x264 gives our 1080p60 rung level 4.2; a higher level asks more of a phone's decoder. */
const MAX_LEVEL = 42;

const no = (reason: string): CopyVerdict => ({ copy: false, reason });

const ms = (seconds: number) => `${Math.round(seconds * 1000)} ms`;

type CopySource = Pick<
  ProbeResult,
  | 'width'
  | 'height'
  | 'videoCodec'
  | 'pixelFormat'
  | 'profile'
  | 'level'
  | 'fieldOrder'
  | 'rotation'
>;

/** What ffprobe's stream header decides, before any packet is read. */
export const streamCopyVerdict = (source: CopySource, rung: Rung): CopyVerdict => {
  if (source.videoCodec !== 'h264') return no(`codec ${source.videoCodec}`);
  if (source.pixelFormat !== 'yuv420p') return no(`pixel format ${source.pixelFormat || '?'}`);
  if (!PLAYABLE_PROFILES.has(source.profile)) return no(`profile ${source.profile || '?'}`);
  if (!(source.level > 0 && source.level <= MAX_LEVEL)) return no(`level ${source.level}`);
  if (source.fieldOrder !== '' && source.fieldOrder !== 'progressive') return no('interlaced');
  // ffmpeg turns a rotated picture when it re-encodes; a copy would keep the rotation flag.
  if (source.rotation !== 0) return no(`rotated ${source.rotation}°`);
  // The rung's size is the source's only when its shorter side is the rung and both are even.
  const shorter = Math.min(source.width, source.height);
  if (shorter !== rung || source.width % 2 !== 0 || source.height % 2 !== 0) {
    return no(`size ${source.width}x${source.height} is not the ${rung} rung`);
  }
  return { copy: true };
};

/** What the packets decide: keyframe spacing and the rung's bitrate cap. */
export const packetsCopyVerdict = (
  packets: PacketSummary,
  frameRate: number,
  rung: Rung,
): CopyVerdict => {
  if (packets.packets === 0) return no('no video packet');
  if (!packets.startsOnKeyframe) return no('does not start on a keyframe');
  const { gopSeconds, frameSeconds } = keyframeTiming(frameRate);
  // Half a frame of slack: timestamps are rounded to the stream's time base.
  if (packets.longestKeyframeGap > gopSeconds + frameSeconds / 2) {
    return no(`keyframes ${packets.longestKeyframeGap.toFixed(2)} s apart`);
  }
  // The encoded rungs have a keyframe every `gopSeconds` from the first frame, and only there.
  const first = packets.keyframes[0]!;
  const offGrid = packets.keyframes.find(
    (pts, index) => Math.abs(pts - first - index * gopSeconds) > frameSeconds / 2,
  );
  if (offGrid !== undefined) {
    return no(`keyframe at ${offGrid.toFixed(2)} s, off the ${gopSeconds.toFixed(2)} s grid`);
  }
  if (packets.overCap)
    return no(`bitrate above the ${rung} rung's ${rungMaxrateKbps(rung)} kbit/s cap`);
  const delay = ENCODED_PRESENTATION_DELAY_FRAMES * frameSeconds;
  if (Math.abs(packets.presentationDelay - delay) > frameSeconds / 2) {
    return no(`picture delay ${ms(packets.presentationDelay)}, the encoded rungs' ${ms(delay)}`);
  }
  return { copy: true };
};

/**
 * Reads every video packet's time, size and flags with ffprobe (demuxing only, no decoding).
 * Needs no watchdog: if this process dies, ffprobe's next write to its closed stdout ends it.
 */
export const scanVideoPackets = async (
  ffprobe: string,
  file: string,
  rung: Rung,
  signal?: AbortSignal,
): Promise<PacketSummary | null> => {
  const maxrate = rungMaxrateKbps(rung);
  const meter = createPacketMeter(maxrate, maxrate * 2);
  const child = spawn(
    ffprobe,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time,dts_time,duration_time,size,flags',
      '-of',
      'compact=p=0',
      file,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], signal },
  );
  const exit = new Promise<number | null>((resolve) => {
    // A failed or stopped scan only means no copy: the rung is re-encoded as before.
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  });
  for await (const line of createInterface({ input: child.stdout })) {
    const packet = parsePacketLine(line);
    if (packet) meter.add(packet);
  }
  return (await exit) === 0 ? meter.summary() : null;
};

/** The whole decision for the top rung: header first, then the packets if the header fits. */
export const decideTopRungCopy = async (
  ffprobe: string,
  file: string,
  source: CopySource & Pick<ProbeResult, 'frameRate'>,
  rung: Rung,
  signal?: AbortSignal,
): Promise<CopyVerdict> => {
  const header = streamCopyVerdict(source, rung);
  if (!header.copy) return header;
  const packets = await scanVideoPackets(ffprobe, file, rung, signal);
  return packets ? packetsCopyVerdict(packets, source.frameRate, rung) : no('packet scan failed');
};

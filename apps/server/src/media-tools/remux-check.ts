import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Rung } from './encode-args.ts';
import type { SegmentIndex } from './fmp4-index.ts';
import { probeVideo } from './probe.ts';
import { packetsCopyVerdict, scanVideoPackets } from './video-copy.ts';

const run = promisify(execFile);

/** What a remux must keep of a rendition: its packets, its keyframes and its length. */
export interface RenditionShape {
  videoPackets: number;
  keyframes: number;
  audioPackets: number;
  durationSeconds: number;
  /**
   * Why its fragments cannot line up with fresh encodes' (keyframes off the 2 s grid, as in an
   * old copy of a source, or another picture delay), or null when they do.
   */
  unaligned: string | null;
}

/**
 * AAC frames a sound encoded again may gain or lose: its delay onto the picture (two frames,
 * 4000 samples at most at 24 fps) and its priming, in frames of 1024 samples.
 */
const SOUND_SLACK_PACKETS = 6;

/** How far the lengths ffprobe reads may differ: a fragmented file starts its picture after x264's delay. */
const DURATION_SLACK_SECONDS = 0.25;

const audioPacketCount = async (ffprobe: string, file: string, signal?: AbortSignal) => {
  const { stdout } = await run(
    ffprobe,
    [
      ...['-v', 'error', '-select_streams', 'a:0', '-count_packets'],
      ...['-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', file],
    ],
    { timeout: 600_000, signal },
  );
  return Number(stdout.trim()) || 0;
};

/** Reads a rendition's packets (demuxing only, no decoding); null when ffprobe cannot. */
export const readRenditionShape = async (
  ffprobe: string,
  file: string,
  rung: Rung,
  signal?: AbortSignal,
): Promise<RenditionShape | null> => {
  const probe = await probeVideo(ffprobe, file);
  const packets = probe && (await scanVideoPackets(ffprobe, file, rung, signal));
  if (!probe || !packets) return null;
  const grid = packetsCopyVerdict({ ...packets, overCap: false }, probe.frameRate, rung);
  return {
    videoPackets: packets.packets,
    keyframes: packets.keyframes.length,
    audioPackets: probe.hasAudio ? await audioPacketCount(ffprobe, file, signal) : 0,
    durationSeconds: probe.durationSeconds,
    unaligned: grid.copy ? null : grid.reason,
  };
};

/**
 * Why a remuxed rendition is not the old one in the new layout, or null when it is: every
 * packet kept, one fragment per keyframe and each starting on one, the same length.
 */
export const remuxProblem = (
  before: RenditionShape,
  after: RenditionShape,
  index: SegmentIndex,
  soundEncoded = false,
): string | null => {
  if (after.videoPackets !== before.videoPackets)
    return `${after.videoPackets} images au lieu de ${before.videoPackets}`;
  // A sound encoded again to be delayed by up to a few AAC frames, or copied exactly.
  const soundSlack = soundEncoded ? SOUND_SLACK_PACKETS : 0;
  if (Math.abs(after.audioPackets - before.audioPackets) > soundSlack)
    return `${after.audioPackets} paquets de son au lieu de ${before.audioPackets}`;
  if (index.segments.some((segment) => !segment[3]))
    return 'un fragment ne commence pas sur une image clé';
  if (index.segments.length !== before.keyframes)
    return `${index.segments.length} fragments pour ${before.keyframes} images clés`;
  if (Math.abs(after.durationSeconds - before.durationSeconds) > DURATION_SLACK_SECONDS)
    return `durée ${after.durationSeconds.toFixed(2)} s au lieu de ${before.durationSeconds.toFixed(2)} s`;
  return null;
};

import { open } from 'node:fs/promises';
import { boxesIn, child, children, descend, type Box } from './mp4-boxes.ts';
import type { CutSource } from './trim-args.ts';

/**
 * Every video sample of a fragmented MP4 (a rendition: `empty_moov`, one `moof` per GOP), read
 * from the boxes that describe them rather than by demuxing the file: the `moov` names the video
 * track, its timescale and the defaults (`trex`), and each `moof` lists its samples (`tfhd`,
 * `tfdt`, `trun`). The same times and flags ffprobe reports, from a few kilobytes a fragment
 * instead of the whole file: what a cut needs of each rung (`trim-rendition.ts`).
 */

/** One video sample, in decode order; times in the track's ticks. */
export interface TrackSample {
  dts: number;
  pts: number;
  duration: number;
  keyframe: boolean;
}

/** What the `moov` says of the video track, or null when the file is not laid out as expected. */
export interface VideoTrackInfo {
  trackId: number;
  /** Ticks per second (`mdhd`). */
  timescale: number;
  /** `trex` defaults: a `tfhd` may override them. */
  defaultDuration: number;
  defaultFlags: number;
}

/** `trun` and `tfhd` flags (ISO/IEC 14496-12, 8.8.7 and 8.8.8). */
const TFHD_BASE_DATA_OFFSET = 0x1;
const TFHD_DESCRIPTION_INDEX = 0x2;
const TFHD_DEFAULT_DURATION = 0x8;
const TFHD_DEFAULT_SIZE = 0x10;
const TFHD_DEFAULT_FLAGS = 0x20;
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_SAMPLE_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_COMPOSITION_OFFSET = 0x800;
/** A sample is a keyframe unless it is flagged non-sync or depending on others (as ffmpeg reads it). */
const NOT_KEYFRAME = 0x00010000 | 0x01000000;

const fullBoxFlags = (buffer: Buffer, box: Box) => buffer.readUInt32BE(box.body) & 0xffffff;

/**
 * The video track of a `moov` without samples of its own (`empty_moov`) and without an edit
 * list (which would shift its times): null otherwise, the caller then demuxing the file.
 */
export const readVideoTrack = (buffer: Buffer, moov: Box): VideoTrackInfo | null => {
  const mvex = child(buffer, moov, 'mvex');
  if (!mvex) return null;
  for (const trak of children(buffer, moov, 'trak')) {
    const hdlr = descend(buffer, trak, ['mdia', 'hdlr']);
    if (!hdlr || buffer.toString('latin1', hdlr.body + 8, hdlr.body + 12) !== 'vide') continue;
    const tkhd = child(buffer, trak, 'tkhd');
    const mdhd = descend(buffer, trak, ['mdia', 'mdhd']);
    const stts = descend(buffer, trak, ['mdia', 'minf', 'stbl', 'stts']);
    if (!tkhd || !mdhd || !stts || child(buffer, trak, 'edts')) return null;
    // Samples listed in the moov would come before the fragments': not a rendition's layout.
    if (buffer.readUInt32BE(stts.body + 4) !== 0) return null;
    const trackId = buffer.readUInt32BE(tkhd.body + (buffer[tkhd.body] === 1 ? 20 : 12));
    const timescale = buffer.readUInt32BE(mdhd.body + (buffer[mdhd.body] === 1 ? 20 : 12));
    const trex = children(buffer, mvex, 'trex').find(
      (box) => buffer.readUInt32BE(box.body + 4) === trackId,
    );
    if (!trex || timescale === 0) return null;
    return {
      trackId,
      timescale,
      defaultDuration: buffer.readUInt32BE(trex.body + 12),
      defaultFlags: buffer.readUInt32BE(trex.body + 20),
    };
  }
  return null;
};

/**
 * The video samples of one `moof`, in decode order, their decode times from its `tfdt` (else
 * from `nextDts`, where the previous fragment ended). Null when a sample's composition offset
 * is negative (ffmpeg would shift every decode time): the caller demuxes instead.
 */
export const readFragmentSamples = (
  buffer: Buffer,
  moof: Box,
  track: VideoTrackInfo,
  nextDts: number,
): TrackSample[] | null => {
  const samples: TrackSample[] = [];
  for (const traf of children(buffer, moof, 'traf')) {
    const tfhd = child(buffer, traf, 'tfhd');
    if (!tfhd || buffer.readUInt32BE(tfhd.body + 4) !== track.trackId) continue;
    const tfhdFlags = fullBoxFlags(buffer, tfhd);
    let at = tfhd.body + 8;
    if (tfhdFlags & TFHD_BASE_DATA_OFFSET) at += 8;
    if (tfhdFlags & TFHD_DESCRIPTION_INDEX) at += 4;
    let defaultDuration = track.defaultDuration;
    let defaultFlags = track.defaultFlags;
    if (tfhdFlags & TFHD_DEFAULT_DURATION) {
      defaultDuration = buffer.readUInt32BE(at);
      at += 4;
    }
    if (tfhdFlags & TFHD_DEFAULT_SIZE) at += 4;
    if (tfhdFlags & TFHD_DEFAULT_FLAGS) defaultFlags = buffer.readUInt32BE(at);
    const tfdt = child(buffer, traf, 'tfdt');
    let dts = nextDts;
    if (tfdt) {
      dts =
        buffer[tfdt.body] === 1
          ? Number(buffer.readBigUInt64BE(tfdt.body + 4))
          : buffer.readUInt32BE(tfdt.body + 4);
    }
    for (const trun of children(buffer, traf, 'trun')) {
      const flags = fullBoxFlags(buffer, trun);
      const count = buffer.readUInt32BE(trun.body + 4);
      let entry = trun.body + 8;
      if (flags & TRUN_DATA_OFFSET) entry += 4;
      let firstFlags: number | null = null;
      if (flags & TRUN_FIRST_SAMPLE_FLAGS) {
        firstFlags = buffer.readUInt32BE(entry);
        entry += 4;
      }
      for (let index = 0; index < count; index += 1) {
        let duration = defaultDuration;
        let sampleFlags = index === 0 && firstFlags !== null ? firstFlags : defaultFlags;
        let offset = 0;
        if (flags & TRUN_DURATION) {
          duration = buffer.readUInt32BE(entry);
          entry += 4;
        }
        if (flags & TRUN_SIZE) entry += 4;
        if (flags & TRUN_FLAGS) {
          sampleFlags = buffer.readUInt32BE(entry);
          entry += 4;
        }
        if (flags & TRUN_COMPOSITION_OFFSET) {
          // ffmpeg reads it signed whatever the trun's version.
          offset = buffer.readInt32BE(entry);
          entry += 4;
        }
        if (entry > trun.end) return null;
        if (offset < 0) return null;
        samples.push({
          dts,
          pts: dts + offset,
          duration,
          keyframe: (sampleFlags & NOT_KEYFRAME) === 0,
        });
        dts += duration;
      }
    }
  }
  return samples;
};

/** How many bytes of a box are read at first: a GOP's `moof` is a few kilobytes. */
const FIRST_READ = 16 * 1024;

/**
 * The video samples of a fragmented MP4 file and its track's timescale, walking its top-level
 * boxes (the `mdat`s are skipped, never read). Null when the file is not a fragmented MP4 with
 * a plain video track (`readVideoTrack`), so that the caller demuxes it instead.
 */
export const readFragmentedVideo = async (
  file: string,
): Promise<{ track: VideoTrackInfo; samples: TrackSample[] } | null> => {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead);
    };
    let track: VideoTrackInfo | null = null;
    const samples: TrackSample[] = [];
    let nextDts = 0;
    let position = 0;
    while (position + 8 <= size) {
      let head = await read(position, FIRST_READ);
      // A size of 0 is a last box running to the end of the file: nothing to read after it.
      if (head.readUInt32BE(0) === 0) break;
      const [box] = boxesIn(head);
      if (!box) return null;
      if (box.type === 'moov' || box.type === 'moof') {
        if (box.end > head.length) head = await read(position, box.end);
        if (box.end > head.length) return null;
        if (box.type === 'moov') {
          track = readVideoTrack(head, box);
          if (!track) return null;
        } else {
          if (!track) return null;
          const found = readFragmentSamples(head, box, track, nextDts);
          if (!found) return null;
          samples.push(...found);
          const last = found.at(-1);
          if (last) nextDts = last.dts + last.duration;
        }
      }
      position += box.end;
    }
    return track && samples.length > 0 ? { track, samples } : null;
  } finally {
    await handle.close();
  }
};

/** Seconds as ffprobe prints them (`%f`: to the microsecond), so both readers plan alike. */
const printed = (ticks: number, timescale: number) => Number((ticks / timescale).toFixed(6));

/**
 * What a cut needs of a rendition (`CutSource`) from its video samples: every frame in order of
 * presentation with its decode time, the keyframes, how long the last one shows; the file's
 * start as ffprobe reads it (`format=start_time`).
 */
export const cutSourceFromSamples = (
  samples: TrackSample[],
  timescale: number,
  fileStart: number,
): CutSource => {
  const frames = [...samples].sort((a, b) => a.pts - b.pts);
  const last = frames.at(-1)!;
  const period = frames.length > 1 ? frames[1]!.pts - frames[0]!.pts : 0;
  return {
    pts: frames.map((frame) => printed(frame.pts, timescale)),
    dts: frames.map((frame) => printed(frame.dts, timescale)),
    keyframes: frames.flatMap((frame, index) => (frame.keyframe ? [index] : [])),
    lastFrameSeconds: printed(last.duration || period, timescale),
    fileStart,
  };
};

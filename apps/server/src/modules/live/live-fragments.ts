import { boxesIn, child, children, descend, type Box } from '../../media-tools/mp4-boxes.ts';

/**
 * Reads the fragmented MP4 that ffmpeg writes to a pipe for a low-latency live (`empty_moov`,
 * a fragment at every keyframe and every ~1/3 s): the init (ftyp + moov) once, then each
 * fragment (moof + mdat) as one part, with its duration and whether it starts on a keyframe.
 * Only whole top-level boxes are handed on, whatever the pipe's chunking.
 */

export interface LiveFragment {
  /** moof + mdat, as a player appends them after the init. */
  bytes: Buffer;
  /** When it starts and how long it lasts, by the video track's clock (the sound's without one). */
  startSeconds: number;
  seconds: number;
  /** Its first picture is a keyframe: a player may start here. */
  independent: boolean;
}

export interface FragmentSink {
  init(bytes: Buffer): void;
  fragment(fragment: LiveFragment): void;
  /** The pipe carried something that is not MP4 boxes: nothing more is read from it. */
  unreadable(why: string): void;
}

interface Track {
  id: number;
  timescale: number;
  video: boolean;
  defaultDuration: number;
  defaultFlags: number;
}

/** `sample_is_non_sync_sample`, in a sample's flags (ISO/IEC 14496-12, 8.8.3.1). */
const NON_SYNC = 0x10000;

const fullBoxFlags = (buffer: Buffer, box: Box) => buffer.readUInt32BE(box.body) & 0xffffff;

const readTracks = (moov: Buffer): Track[] => {
  const [root] = boxesIn(moov);
  if (!root) return [];
  const defaults = new Map<number, { duration: number; flags: number }>();
  const mvex = child(moov, root, 'mvex');
  for (const trex of mvex ? children(moov, mvex, 'trex') : []) {
    defaults.set(moov.readUInt32BE(trex.body + 4), {
      duration: moov.readUInt32BE(trex.body + 12),
      flags: moov.readUInt32BE(trex.body + 20),
    });
  }
  return children(moov, root, 'trak').flatMap((trak) => {
    const tkhd = child(moov, trak, 'tkhd');
    const mdhd = descend(moov, trak, ['mdia', 'mdhd']);
    const hdlr = descend(moov, trak, ['mdia', 'hdlr']);
    if (!tkhd || !mdhd || !hdlr) return [];
    const wide = (box: Box) => moov[box.body] === 1;
    const id = moov.readUInt32BE(tkhd.body + (wide(tkhd) ? 20 : 12));
    const timescale = moov.readUInt32BE(mdhd.body + (wide(mdhd) ? 20 : 12));
    const video = moov.toString('latin1', hdlr.body + 8, hdlr.body + 12) === 'vide';
    const known = defaults.get(id);
    return [
      {
        id,
        timescale,
        video,
        defaultDuration: known?.duration ?? 0,
        defaultFlags: known?.flags ?? 0,
      },
    ];
  });
};

/** One track's run in a moof: its start, its duration and its first sample's flags, in ticks. */
const readTraf = (buffer: Buffer, traf: Box, tracks: Track[]) => {
  const tfhd = child(buffer, traf, 'tfhd');
  if (!tfhd) return null;
  const tfhdFlags = fullBoxFlags(buffer, tfhd);
  const track = tracks.find((known) => known.id === buffer.readUInt32BE(tfhd.body + 4));
  if (!track) return null;
  let at = tfhd.body + 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0);
  let defaultDuration = track.defaultDuration;
  let defaultFlags = track.defaultFlags;
  if (tfhdFlags & 0x8) defaultDuration = buffer.readUInt32BE((at += 4) - 4);
  if (tfhdFlags & 0x10) at += 4;
  if (tfhdFlags & 0x20) defaultFlags = buffer.readUInt32BE(at);
  const tfdt = child(buffer, traf, 'tfdt');
  const start = !tfdt
    ? 0
    : buffer[tfdt.body] === 1
      ? Number(buffer.readBigUInt64BE(tfdt.body + 4))
      : buffer.readUInt32BE(tfdt.body + 4);
  let ticks = 0;
  let firstFlags: number | undefined;
  for (const trun of children(buffer, traf, 'trun')) {
    const flags = fullBoxFlags(buffer, trun);
    const count = buffer.readUInt32BE(trun.body + 4);
    let cursor = trun.body + 8 + (flags & 0x1 ? 4 : 0);
    let runFirst: number | undefined;
    if (flags & 0x4) runFirst = buffer.readUInt32BE((cursor += 4) - 4);
    for (let sample = 0; sample < count; sample += 1) {
      let duration = defaultDuration;
      let sampleFlags = defaultFlags;
      if (flags & 0x100) duration = buffer.readUInt32BE((cursor += 4) - 4);
      if (flags & 0x200) cursor += 4;
      if (flags & 0x400) sampleFlags = buffer.readUInt32BE((cursor += 4) - 4);
      if (flags & 0x800) cursor += 4;
      if (sample === 0) firstFlags ??= runFirst ?? sampleFlags;
      ticks += duration;
    }
  }
  return { track, start, ticks, firstFlags: firstFlags ?? defaultFlags };
};

const describeFragment = (moof: Buffer, tracks: Track[]) => {
  const [root] = boxesIn(moof);
  const runs = root
    ? children(moof, root, 'traf').flatMap((traf) => readTraf(moof, traf, tracks) ?? [])
    : [];
  const run = runs.find((one) => one.track.video) ?? runs[0];
  if (!run) return { startSeconds: 0, seconds: 0, independent: false };
  return {
    startSeconds: run.start / run.track.timescale,
    seconds: run.ticks / run.track.timescale,
    independent: !run.track.video || (run.firstFlags & NON_SYNC) === 0,
  };
};

/** A reader of the pipe: push each chunk as it comes. */
export const createFragmentReader = (sink: FragmentSink) => {
  let pending: Buffer = Buffer.alloc(0);
  let init: Buffer[] = [];
  let tracks: Track[] = [];
  let moof: Buffer | undefined;
  const take = (box: Buffer, type: string) => {
    if (type === 'ftyp') init = [box];
    else if (type === 'moov') {
      tracks = readTracks(box);
      sink.init(Buffer.concat([...init, box]));
      init = [];
    } else if (type === 'moof') moof = box;
    else if (type === 'mdat' && moof) {
      sink.fragment({ bytes: Buffer.concat([moof, box]), ...describeFragment(moof, tracks) });
      moof = undefined;
    }
  };
  let broken = false;
  return {
    push(chunk: Buffer) {
      if (broken) return;
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let at = 0;
      while (pending.length - at >= 8) {
        const small = pending.readUInt32BE(at);
        if (small === 1 && pending.length - at < 16) break;
        const size = small === 1 ? Number(pending.readBigUInt64BE(at + 8)) : small;
        if (size < 8) {
          broken = true;
          sink.unreadable(`a box of ${size} bytes`);
          return;
        }
        if (pending.length - at < size) break;
        take(pending.subarray(at, at + size), pending.toString('latin1', at + 4, at + 8));
        at += size;
      }
      if (at > 0) pending = Buffer.from(pending.subarray(at));
    },
  };
};

/**
 * Reads what adaptive players need from the front of a fragmented MP4 written with
 * `FRAGMENTED_MOVFLAGS` (ftyp, moov, one sidx per track, then moof/mdat pairs): the init
 * segment's byte range, and each fragment's byte range, duration and whether it starts on a
 * keyframe (the video track's `sidx`), plus the codecs and picture size a master playlist
 * announces. Pure: it is handed the file's first bytes, up to the first fragment.
 */

import { boxesIn, child, descend, fail, type Box } from './mp4-boxes.ts';

export interface SegmentIndex {
  /** ftyp + moov: what a player must load before any fragment (EXT-X-MAP). */
  init: { offset: number; length: number };
  /** Ticks per second of the durations below (the video track's). */
  timescale: number;
  /** Presentation time of the first fragment, in ticks. */
  earliestPresentationTime: number;
  /** One entry per fragment, in file order: [byte offset, byte length, duration in ticks, starts on a keyframe]. */
  segments: [number, number, number, boolean][];
  /** RFC 6381 codec strings: the video's, then the audio's when there is sound. */
  codecs: string[];
  width: number;
  height: number;
}

/** Where the index part of the file ends: the first fragment, or how many bytes to read to see it. */
export const indexHeadEnd = (head: Buffer): { end: number } | { readAtLeast: number } => {
  for (const box of boxesIn(head)) {
    if (box.type === 'moof' || box.type === 'mdat') return { end: box.start };
    // A box cut off by the buffer's end: read past it, and a header's worth more.
    if (box.end > head.length) return { readAtLeast: box.end + 16 };
  }
  return { readAtLeast: head.length * 2 };
};

interface Track {
  id: number;
  handler: string;
  codec: string;
  width: number;
  height: number;
}

const hex2 = (value: number) => value.toString(16).padStart(2, '0');

/** `avc1.PPCCLL` from the avcC record: profile, constraint flags, level. */
const videoCodec = (buffer: Buffer, entry: Box): string => {
  // VisualSampleEntry: 78 bytes of fixed fields before its child boxes.
  const avcC = boxesIn(buffer, entry.body + 78, entry.end).find((box) => box.type === 'avcC');
  if (!avcC) return entry.type;
  const [profile, flags, level] = [1, 2, 3].map((at) => buffer[avcC.body + at]!);
  return `${entry.type}.${hex2(profile!)}${hex2(flags!)}${hex2(level!)}`;
};

/** `mp4a.40.N` from the esds's decoder config (object type 0x40, then the AAC object type). */
const audioCodec = (buffer: Buffer, entry: Box): string => {
  // AudioSampleEntry: 28 bytes of fixed fields before its child boxes.
  const esds = boxesIn(buffer, entry.body + 28, entry.end).find((box) => box.type === 'esds');
  if (!esds) return entry.type;
  const bytes = buffer.subarray(esds.body + 4, esds.end);
  let at = 0;
  const descriptor = () => {
    const tag = bytes[at++]!;
    // Sizes are 7 bits a byte, the high bit saying another byte follows.
    for (let more = true; more && at < bytes.length; at += 1) more = (bytes[at]! & 0x80) !== 0;
    return tag;
  };
  if (descriptor() !== 0x03) return 'mp4a.40.2';
  const flags = bytes[at + 2]!;
  // ES_ID, flags, then the optional fields in their order: depends-on id, URL, OCR id.
  at += 3 + (flags & 0x80 ? 2 : 0);
  if (flags & 0x40) at += 1 + bytes[at]!;
  if (flags & 0x20) at += 2;
  if (descriptor() !== 0x04) return 'mp4a.40.2';
  const objectType = bytes[at]!;
  at += 13;
  if (descriptor() !== 0x05 || objectType !== 0x40) return `mp4a.${hex2(objectType)}`;
  return `mp4a.40.${bytes[at]! >> 3}`;
};

const readTrack = (buffer: Buffer, trak: Box): Track | null => {
  const tkhd = child(buffer, trak, 'tkhd');
  const hdlr = descend(buffer, trak, ['mdia', 'hdlr']);
  const stsd = descend(buffer, trak, ['mdia', 'minf', 'stbl', 'stsd']);
  if (!tkhd || !hdlr || !stsd) return null;
  const version = buffer[tkhd.body]!;
  const id = buffer.readUInt32BE(tkhd.body + (version === 1 ? 20 : 12));
  const handler = buffer.toString('latin1', hdlr.body + 8, hdlr.body + 12);
  const [entry] = boxesIn(buffer, stsd.body + 8, stsd.end);
  if (!entry) return null;
  if (handler === 'vide') {
    const width = buffer.readUInt16BE(entry.body + 24);
    const height = buffer.readUInt16BE(entry.body + 26);
    return { id, handler, codec: videoCodec(buffer, entry), width, height };
  }
  return {
    id,
    handler,
    codec: handler === 'soun' ? audioCodec(buffer, entry) : entry.type,
    width: 0,
    height: 0,
  };
};

interface Sidx {
  referenceId: number;
  timescale: number;
  earliestPresentationTime: number;
  segments: SegmentIndex['segments'];
}

const readSidx = (buffer: Buffer, box: Box): Sidx => {
  const version = buffer[box.body]!;
  let at = box.body + 4;
  const referenceId = buffer.readUInt32BE(at);
  const timescale = buffer.readUInt32BE(at + 4);
  at += 8;
  const wide = version === 1;
  const earliestPresentationTime = wide
    ? Number(buffer.readBigUInt64BE(at))
    : buffer.readUInt32BE(at);
  const firstOffset = wide ? Number(buffer.readBigUInt64BE(at + 8)) : buffer.readUInt32BE(at + 4);
  at += wide ? 16 : 8;
  const count = buffer.readUInt16BE(at + 2);
  at += 4;
  if (at + count * 12 > box.end) fail('sidx shorter than its reference count');
  // Offsets count from the first byte after the sidx.
  let offset = box.end + firstOffset;
  const segments: SegmentIndex['segments'] = [];
  for (let index = 0; index < count; index += 1, at += 12) {
    const typeAndSize = buffer.readUInt32BE(at);
    if (typeAndSize & 0x80000000) fail('hierarchical sidx');
    const length = typeAndSize & 0x7fffffff;
    const duration = buffer.readUInt32BE(at + 4);
    const startsWithSap = (buffer.readUInt32BE(at + 8) & 0x80000000) !== 0;
    segments.push([offset, length, duration, startsWithSap]);
    offset += length;
  }
  return { referenceId, timescale, earliestPresentationTime, segments };
};

/** The segment index of a fragmented MP4, from its first bytes (at least up to the first moof). */
export const parseSegmentIndex = (head: Buffer): SegmentIndex => {
  const boxes = boxesIn(head);
  const moof = boxes.find((box) => box.type === 'moof' || box.type === 'mdat');
  if (!moof || moof.type !== 'moof') fail('no fragment after the index');
  const moov =
    boxes.find((box) => box.type === 'moov' && box.end <= moof!.start) ?? fail('no moov');
  const tracks = boxesIn(head, moov.body, moov.end)
    .filter((box) => box.type === 'trak')
    .map((trak) => readTrack(head, trak))
    .filter((track): track is Track => track !== null);
  const video = tracks.find((track) => track.handler === 'vide') ?? fail('no video track');
  const audio = tracks.find((track) => track.handler === 'soun');
  const sidx =
    boxes
      .filter((box) => box.type === 'sidx' && box.end <= moof!.start)
      .map((box) => readSidx(head, box))
      .find((index) => index.referenceId === video.id) ?? fail('no sidx for the video track');
  if (sidx.segments.length === 0) fail('empty sidx');
  const firstSidx = boxes.find((box) => box.type === 'sidx')!;
  return {
    init: { offset: 0, length: firstSidx.start },
    timescale: sidx.timescale,
    earliestPresentationTime: sidx.earliestPresentationTime,
    segments: sidx.segments,
    codecs: audio ? [video.codec, audio.codec] : [video.codec],
    width: video.width,
    height: video.height,
  };
};

/** The index part of a file read through `readStart` (the first n bytes, fewer at its end). */
export const readSegmentIndex = async (
  readStart: (length: number) => Promise<Buffer | null>,
  firstRead = 64 * 1024,
): Promise<SegmentIndex> => {
  // 64 KiB holds the moov and both sidx (12 bytes a fragment each) of an hour of video.
  let length = firstRead;
  for (let attempt = 0; attempt < 16; attempt += 1) {
    const head = (await readStart(length)) ?? fail('file missing');
    const found = indexHeadEnd(head);
    if ('end' in found) return parseSegmentIndex(head.subarray(0, found.end + 8));
    if (head.length < length) fail('no fragment in the file');
    length = Math.max(found.readAtLeast, length * 2);
  }
  return fail('index part too large');
};

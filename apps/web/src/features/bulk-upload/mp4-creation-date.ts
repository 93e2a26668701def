/**
 * The day an MP4 says it was recorded: `creation_time` of its movie header (`moov/mvhd`),
 * seconds since 1904-01-01 UTC. Only the boxes' headers are read (Blob.slice), never the
 * media: `moov` may sit after gigabytes of `mdat` (a camera writes it last).
 */

/** Seconds from 1904-01-01 (the MP4 epoch) to 1970-01-01. */
const MP4_EPOCH_OFFSET = 2_082_844_800;
/** Before this, a creation time is a camera's unset clock, not a recording date. */
const EARLIEST = Date.UTC(1990, 0, 1);
/** Boxes looked at, at most: a file that is not an MP4 ends the walk quickly. */
const MAX_BOXES = 64;

interface Box {
  type: string;
  /** Where the box's content starts (after its header), and where the box ends. */
  start: number;
  end: number;
}

const read = async (blob: Blob, from: number, to: number) =>
  new DataView(await blob.slice(from, to).arrayBuffer());

const fourCc = (view: DataView, at: number) =>
  String.fromCharCode(
    view.getUint8(at),
    view.getUint8(at + 1),
    view.getUint8(at + 2),
    view.getUint8(at + 3),
  );

/** The box whose header starts at `at`, or null when there is none (or it cannot be one). */
const boxAt = async (blob: Blob, at: number, limit: number): Promise<Box | null> => {
  if (at + 8 > limit) return null;
  const view = await read(blob, at, Math.min(at + 16, limit));
  if (view.byteLength < 8) return null;
  const size32 = view.getUint32(0);
  const type = fourCc(view, 4);
  let header = 8;
  let size = size32;
  if (size32 === 1) {
    if (view.byteLength < 16) return null;
    header = 16;
    size = Number(view.getBigUint64(8));
  } else if (size32 === 0) {
    size = limit - at;
  }
  if (size < header || at + size > limit) return null;
  return { type, start: at + header, end: at + size };
};

const find = async (blob: Blob, type: string, from: number, to: number) => {
  let at = from;
  for (let count = 0; count < MAX_BOXES; count += 1) {
    const box = await boxAt(blob, at, to);
    if (!box) return null;
    if (box.type === type) return box;
    at = box.end;
  }
  return null;
};

/**
 * The recording instant the file's `mvhd` holds, or null when it has none, or one that cannot
 * be a recording date (0, before 1990, or in the future).
 */
export const mp4CreationTime = async (file: Blob, now = Date.now()): Promise<Date | null> => {
  try {
    const moov = await find(file, 'moov', 0, file.size);
    const mvhd = moov && (await find(file, 'mvhd', moov.start, moov.end));
    if (!mvhd) return null;
    const view = await read(file, mvhd.start, Math.min(mvhd.start + 12, mvhd.end));
    const version = view.getUint8(0);
    const seconds =
      version === 1 ? Number(view.getBigUint64(4)) : version === 0 ? view.getUint32(4) : 0;
    if (seconds === 0) return null;
    const ms = (seconds - MP4_EPOCH_OFFSET) * 1000;
    if (ms < EARLIEST || ms > now + 24 * 3600 * 1000) return null;
    return new Date(ms);
  } catch {
    // Shorter than a header says, unreadable: no date, the form's day is used.
    return null;
  }
};

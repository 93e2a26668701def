import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { mediaKeys, readFileStart, type MediaStorage } from '../storage/media-storage.ts';
import { readSegmentIndex, type SegmentIndex } from './fmp4-index.ts';

/**
 * A rendition's segment index as stored beside it (`mediaKeys.rungIndex`): what its `sidx` and
 * `moov` say, and which file it describes: its size and a hash of its head (ftyp, moov, sidx,
 * up to the first fragment). The sidx lists every fragment's size and duration, so a file with
 * the same size and head has the same layout: the index is checked against the file served
 * before each use, and a stale one (a re-encode between two renames, a file replaced by hand) is
 * ignored rather than trusted. Not the modification time: a restored backup copies the files.
 */
export interface RenditionIndex extends SegmentIndex {
  version: 1;
  rung: number;
  file: { size: number; headSha256: string };
  /**
   * Its sound delayed onto its picture (`audioAlignFilter`): absent from the indexes of
   * renditions made before, whose sound runs two frames less AAC's priming ahead.
   */
  soundOnPicture?: true;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/** The bytes before the first fragment, which the index was read from. */
const headLength = (index: SegmentIndex) => index.segments[0]![0];

/**
 * The sidx is written first, from what ffmpeg meant to write: a file cut short (a disk full at
 * the end) must not get an index listing bytes it lacks. After the last fragment, only the
 * muxer's `mfra` box (random access, unused by players) may follow.
 */
const checkCoversFile = async (file: string, index: SegmentIndex, size: number) => {
  const [lastOffset, lastLength] = index.segments[index.segments.length - 1]!;
  const end = lastOffset + lastLength;
  const rest = size - end;
  if (rest === 0) return;
  if (rest >= 8) {
    const handle = await open(file, 'r');
    try {
      const { buffer } = await handle.read(Buffer.alloc(8), 0, 8, end);
      if (buffer.readUInt32BE(0) === rest && buffer.toString('latin1', 4, 8) === 'mfra') return;
    } finally {
      await handle.close();
    }
  }
  throw new Error(`the index covers ${end} bytes of a ${size}-byte file`);
};

/** Reads a freshly written rendition (a temporary file) and writes its index to a new temporary file. */
export const writeRenditionIndex = async (
  storage: MediaStorage,
  rendition: { rung: number; file: string },
  suffix: string,
): Promise<string> => {
  const segments = await readSegmentIndex((length) => readFileStart(rendition.file, length));
  const { size } = await stat(rendition.file);
  await checkCoversFile(rendition.file, segments, size);
  const head = await readFileStart(rendition.file, headLength(segments));
  const index: RenditionIndex = {
    version: 1,
    rung: rendition.rung,
    file: { size, headSha256: sha256(head) },
    soundOnPicture: true,
    ...segments,
  };
  return storage.writeTemp(Readable.from([JSON.stringify(index)]), suffix);
};

const isIndex = (value: unknown, rung: number): value is RenditionIndex => {
  const index = value as Partial<RenditionIndex> | null;
  return (
    typeof index === 'object' &&
    index !== null &&
    index.version === 1 &&
    index.rung === rung &&
    Array.isArray(index.segments) &&
    index.segments.length > 0 &&
    Array.isArray(index.codecs) &&
    typeof index.timescale === 'number' &&
    index.timescale > 0 &&
    typeof index.file?.headSha256 === 'string'
  );
};

/** Whether a rendition so indexed still has the sound ahead of its picture. */
export const soundAhead = (index: RenditionIndex): boolean =>
  index.soundOnPicture !== true && index.codecs.length > 1;

/** The index of a stored rung when it is there and describes the rung's current file, else null. */
export const loadRenditionIndex = async (
  storage: MediaStorage,
  videoId: number,
  rung: number,
  version: number,
): Promise<RenditionIndex | null> => {
  const key = mediaKeys.rungIndex(videoId, rung, version);
  const [indexStat, fileStat] = await Promise.all([
    storage.stat(key),
    storage.stat(mediaKeys.rung(videoId, rung, version)),
  ]);
  if (!indexStat || !fileStat) return null;
  const bytes = await storage.readStart(key, indexStat.size);
  let index: unknown;
  try {
    index = JSON.parse(bytes?.toString('utf8') ?? '');
  } catch {
    return null;
  }
  if (!isIndex(index, rung) || index.file.size !== fileStat.size) return null;
  const head = await storage.readStart(mediaKeys.rung(videoId, rung, version), headLength(index));
  return head && sha256(head) === index.file.headSha256 ? index : null;
};

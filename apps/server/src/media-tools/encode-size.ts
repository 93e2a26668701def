import { rungMaxrateKbps, type Rung } from './encode-args.ts';

/** The AAC written into every rung (encode-args.ts AUDIO_BITRATE), in kbit/s. */
const AUDIO_KBPS = 128;
/** MP4 boxes, the index, and the VBV buffer's short overshoots of a rung's cap. */
const OVERHEAD = 1.05;
/** The thumbnail the encode may make (a JPEG at most 1280 wide). */
const THUMBNAIL_BYTES = 1024 ** 2;
/** Without a duration: the source once and a half (the rungs are mostly smaller than it). */
const SOURCE_FACTOR = 1.5;

export interface EncodeSizeInput {
  rungs: readonly Rung[];
  durationSeconds: number;
  sourceBytes: number;
}

/**
 * Bytes an encode may write before it publishes (every rung's temporary file, its thumbnail):
 * what the disk guard asks room for before starting one. Each rung's video is capped
 * (maxrate) and its sound is 128 kbit/s, so the caps over the duration bound the output
 * whatever the source: a phone's 17 Mbit/s file gives rungs of 10 Mbit/s at most, a screen
 * recording at 1 Mbit/s may give more than itself. An upper bound rather than a guess: an
 * encode that starts has the room to finish. Without a duration (ffprobe found none), 1.5
 * times the source.
 */
export const encodeOutputBytes = ({ rungs, durationSeconds, sourceBytes }: EncodeSizeInput) => {
  if (!(durationSeconds > 0)) return Math.ceil(sourceBytes * SOURCE_FACTOR) + THUMBNAIL_BYTES;
  const kbps = rungs.reduce((sum, rung) => sum + rungMaxrateKbps(rung) + AUDIO_KBPS, 0);
  return Math.ceil(((kbps * 1000) / 8) * durationSeconds * OVERHEAD) + THUMBNAIL_BYTES;
};

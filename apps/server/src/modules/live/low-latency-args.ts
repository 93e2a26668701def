import {
  hlsOutput,
  input,
  livePartArgs,
  variantKbps,
  type LiveLadder,
  type LivePartFiles,
} from './live-args.ts';

/**
 * The ffmpeg arguments of a low-latency live part (pure, unit-tested): everything a standard
 * part writes (the recording, the standard HLS of every variant: what the REDIFF, the other
 * machines and a fallback read), and each variant also as fragmented MP4 on a pipe of its own
 * (the copy's fd 3 for the source; the rungs' ffmpeg fd 3 + n for its n-th rung), a fragment at every keyframe and every
 * `FRAGMENT_SECONDS`: the station cuts these into parts (live-fragments.ts). The rungs'
 * ffmpeg runs in the live's HLS folder (`lowLatencyRungsFolder`).
 */

/** ffmpeg closes a fragment once it holds this much: parts last this plus at most a frame. */
export const FRAGMENT_SECONDS = 0.3;
/** EXT-X-PART-INF's PART-TARGET: a fragment plus a frame at 24 images/s, with room. */
export const PART_TARGET_SECONDS = 0.35;
/** A low-latency segment closes at the first keyframe once it holds this much. */
export const LOW_LATENCY_SEGMENT_SECONDS = 1;

const fragmented = [
  'frag_keyframe+empty_moov+default_base_moof',
  String(Math.round(FRAGMENT_SECONDS * 1_000_000)),
];

/** The pipe of a process's `index`-th fragmented output (stdin, stdout, stderr come first). */
const fragmentPipe = (index: number) => 3 + index;

/**
 * One rung's encode sent to two muxers (tee): its standard HLS, as `hlsOutput` writes it for
 * the whole ladder, and its fragments on its pipe. The encoder keeps its headers apart for
 * the MP4 (global_header) and the TS segments get them before each keyframe (dump_extra).
 */
const rungOutput = (part: number, ladder: LiveLadder, height: number, pipe: number) => {
  const kbps = variantKbps(height);
  const name = `${height}p`;
  // Paths relative to the live's HLS folder (the process runs there): nothing for the tee
  // muxer's own syntax (`:`, `|`, `[`, `\`) to find in them.
  const hls = hlsOutput({ recording: '', hlsFolder: '.', part }, ladder, [name]);
  const option = (flag: string) => hls[hls.indexOf(flag) + 1]!.replace('%v', name);
  const hlsSlave = [
    'f=hls',
    'bsfs/v=dump_extra=freq=keyframe',
    `hls_time=${option('-hls_time')}`,
    `hls_list_size=${option('-hls_list_size')}`,
    `hls_flags=${option('-hls_flags')}`,
    `hls_segment_filename=${option('-hls_segment_filename')}`,
  ].join(':');
  const playlist = hls.at(-1)!.replace('%v', name);
  const mp4Slave = ['f=mp4', `movflags=${fragmented[0]}`, `frag_duration=${fragmented[1]}`].join(
    ':',
  );
  return [
    ...['-map', '0:v:0', '-map', '0:a:0'],
    ...['-filter:v', `scale=-2:${height}`, '-c:v', 'libx264', '-preset', 'veryfast'],
    ...['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`],
    // Keyframes where the source has them: every variant's segments start at the same moment.
    ...['-force_key_frames', 'source', '-flags:v', '+global_header', '-c:a', 'copy'],
    ...['-f', 'tee', `[${hlsSlave}]${playlist}|[${mp4Slave}]pipe\\:${pipe}`],
  ];
};

/** Where the rungs' ffmpeg of a low-latency part runs: its paths are relative to it. */
export const lowLatencyRungsFolder = (files: LivePartFiles) => files.hlsFolder;

export const lowLatencyPartArgs = (files: LivePartFiles, ladder: LiveLadder): string[][] => {
  const [standardCopy] = livePartArgs(files, ladder);
  const copy = [
    ...standardCopy!,
    ...['-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'],
    ...['-f', 'mp4', '-movflags', fragmented[0]!, '-frag_duration', fragmented[1]!],
    ...['-flush_packets', '1', `pipe:${fragmentPipe(0)}`],
  ];
  if (ladder.heights.length === 0) return [copy];
  const rungs = [
    ...input,
    // The rungs' own process: its pipes count from 3 again.
    ...ladder.heights.flatMap((height, index) =>
      rungOutput(files.part, ladder, height, fragmentPipe(index)),
    ),
  ];
  return [copy, rungs];
};

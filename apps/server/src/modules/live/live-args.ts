/**
 * The ffmpeg arguments of one live part (pure, unit-tested): the incoming FLV on stdin becomes
 * (1) the recording, the source copied packet for packet into MPEG-TS and flushed as it comes,
 * so a crash loses at most what was in flight, and (2) live HLS: the source copied, plus one
 * encoded variant per rung of the ladder, in ~2 s segments with a DVR window.
 */

export interface LiveLadder {
  /** Heights of the encoded variants below the source, e.g. [480]; [] for the source alone. */
  heights: number[];
  /** Segment length in seconds (segments are cut at the source's keyframes). */
  segmentSeconds: number;
  /** How far back a latecomer can rewind. */
  dvrSeconds: number;
}

/** Video bitrate cap of an encoded variant, by height (the VOD ladder's caps). */
export const variantKbps = (height: number) =>
  height >= 1080 ? 5000 : height >= 720 ? 2800 : height >= 480 ? 1200 : 500;

/** What the encoder sends, as its metadata says (0 when it does not say). */
export interface LiveSource {
  width: number;
  height: number;
  kbps: number;
}

const evenWidth = (source: LiveSource, height: number) =>
  source.width > 0 && source.height > 0
    ? Math.round((source.width * height) / source.height / 2) * 2
    : Math.round((height * 16) / 9 / 2) * 2;

/**
 * The master playlist, written by Plateau rather than ffmpeg: a copied stream has no bitrate
 * for ffmpeg to announce, and a source announced at 0 kb/s would be every player's first pick.
 */
export const liveMasterPlaylist = (source: LiveSource, ladder: Pick<LiveLadder, 'heights'>) => {
  const audioKbps = 160;
  const sourceKbps = source.kbps > 0 ? source.kbps : 6000;
  const variants = [
    {
      name: 'source',
      kbps: sourceKbps,
      resolution: source.height > 0 ? `${source.width}x${source.height}` : undefined,
    },
    ...ladder.heights.map((height) => ({
      name: `${height}p`,
      kbps: variantKbps(height),
      resolution: `${evenWidth(source, height)}x${height}`,
    })),
  ];
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...variants.flatMap(({ name, kbps, resolution }) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${(kbps + audioKbps) * 1000}${resolution ? `,RESOLUTION=${resolution}` : ''}`,
      `${name}/index.m3u8`,
    ]),
    '',
  ].join('\n');
};

/** Variant folder names, source first; these are the only names the HLS route accepts. */
export const variantNames = (ladder: Pick<LiveLadder, 'heights'>): string[] => [
  'source',
  ...ladder.heights.map((height) => `${height}p`),
];

export interface LivePartFiles {
  /** The recording of this part (MPEG-TS). */
  recording: string;
  /** The live's HLS folder: master.m3u8 and one folder per variant. */
  hlsFolder: string;
  /** 1 for the first publish, 2 after the first reconnect... (names the segments). */
  part: number;
}

export const input = [
  '-hide_banner',
  '-nostats',
  '-loglevel',
  'error',
  '-f',
  'flv',
  '-i',
  'pipe:0',
];

/** One HLS output of `names` (variant folders), in the live's shared folder and DVR window. */
export const hlsOutput = (files: LivePartFiles, ladder: LiveLadder, names: string[]) => [
  '-f',
  'hls',
  '-hls_time',
  String(ladder.segmentSeconds),
  '-hls_list_size',
  String(Math.max(3, Math.ceil(ladder.dvrSeconds / ladder.segmentSeconds))),
  // A new part continues the same playlists after a discontinuity; the end is written by
  // Plateau when the live ends, not when one publish does.
  '-hls_flags',
  'delete_segments+append_list+discont_start+omit_endlist+independent_segments+program_date_time',
  '-hls_segment_filename',
  `${files.hlsFolder}/%v/seg-${files.part}-%05d.ts`,
  '-var_stream_map',
  names.map((name, index) => `v:${index},a:${index},name:${name}`).join(' '),
  `${files.hlsFolder}/%v/index.m3u8`,
];

/**
 * One ffmpeg per task, all reading the same FLV: the first copies (recording + the source's
 * HLS), the second, when there is a ladder, encodes the lower rungs. Apart, the copied source
 * never waits for x264 (one ffmpeg muxing every variant held it 0.7-0.9 s: bench:live).
 */
export const livePartArgs = (files: LivePartFiles, ladder: LiveLadder): string[][] => {
  const copy = [
    ...input,
    // (1) The recording: nothing decoded, nothing lost.
    ...['-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'],
    ...['-f', 'mpegts', '-flush_packets', '1', files.recording],
    // (2) The source's live HLS.
    ...['-map', '0:v:0', '-map', '0:a:0', '-c', 'copy'],
    ...hlsOutput(files, ladder, ['source']),
  ];
  if (ladder.heights.length === 0) return [copy];
  const names = variantNames(ladder).slice(1);
  const encoded = ladder.heights.flatMap((height, stream) => {
    const kbps = variantKbps(height);
    return [
      ...['-map', '0:v:0', '-map', '0:a:0'],
      ...[`-filter:v:${stream}`, `scale=-2:${height}`, `-c:v:${stream}`, 'libx264'],
      ...[`-preset:v:${stream}`, 'veryfast', `-b:v:${stream}`, `${kbps}k`],
      ...[`-maxrate:v:${stream}`, `${kbps}k`, `-bufsize:v:${stream}`, `${kbps * 2}k`],
    ];
  });
  const rungs = [
    ...input,
    ...encoded,
    // Cut where the source is cut (its keyframes every ~2 s), so a player switches cleanly.
    ...['-force_key_frames', `expr:gte(t,n_forced*${ladder.segmentSeconds})`],
    ...['-c:a', 'copy'],
    ...hlsOutput(files, ladder, names),
  ];
  return [copy, rungs];
};

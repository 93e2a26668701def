import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, renameSync } from 'node:fs';
import { spawnTracked } from './processes.ts';

/**
 * The publisher's picture carries the wall clock: one box per bit of the millisecond time at
 * which ffmpeg built the frame, in a black band at the top (white = 1, least significant bit
 * on the left). The page reads the boxes back from each decoded frame; since the browser and
 * ffmpeg share the machine's clock, now minus the stamp is the glass-to-glass latency.
 */
export const STAMP_BITS = 42;
export const STAMP_LAYOUT = {
  /** The picture the layout is drawn on; the page scales it to the frame it decodes. */
  width: 1280,
  height: 720,
  band: 48,
  firstX: 4,
  step: 30,
  boxWidth: 22,
  boxY: 6,
  boxHeight: 36,
};

/**
 * The filter chain: the frame's time becomes the wall clock in ms (`RTCTIME` is in µs), each
 * bit draws its box through the timeline (`t` is then seconds since 1970), and the frames are
 * numbered again at a steady 30 per second, as an encoder's own clock would, so that segment
 * lengths do not follow the scheduler's jitter.
 */
export const stampFilter = (scale = 1) => {
  const { width, band, firstX, step, boxWidth, boxY, boxHeight } = STAMP_LAYOUT;
  const at = (size: number) => Math.round(size * scale);
  const boxes = Array.from({ length: STAMP_BITS }, (_, bit) => {
    const x = at(firstX + bit * step);
    return `drawbox=x=${x}:y=${at(boxY)}:w=${at(boxWidth)}:h=${at(boxHeight)}:color=white:t=fill:enable='mod(floor((t*1000+0.5)/${2 ** bit}),2)'`;
  });
  return [
    'settb=1/1000',
    'setpts=RTCTIME/1000',
    `drawbox=x=0:y=0:w=${at(width)}:h=${at(band)}:color=black:t=fill`,
    ...boxes,
    'settb=1/30',
    'setpts=N',
  ].join(',');
};

/**
 * A live encoder of the test pattern (720p30, or `scale` of it, + a 440 Hz tone), stamped, GOP
 * `gop` frames.
 */
export const stampedEncoderArgs = (gop: number, { scale = 1, preset = 'veryfast' } = {}) => [
  '-hide_banner',
  '-nostats',
  '-loglevel',
  'error',
  '-re',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${STAMP_LAYOUT.width * scale}x${STAMP_LAYOUT.height * scale}:rate=30`,
  '-re',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440:sample_rate=48000',
  '-filter:v',
  stampFilter(scale),
  '-pix_fmt',
  'yuv420p',
  '-c:v',
  'libx264',
  '-preset',
  preset,
  '-tune',
  'zerolatency',
  '-g',
  String(gop),
  '-c:a',
  'aac',
  '-b:a',
  '128k',
];

/** The bare chain's HLS: what Plateau's ffmpeg writes, without its DVR window. */
const bareHlsOptions = (folder: string, segmentSeconds: number) => ({
  hls_time: String(segmentSeconds),
  hls_list_size: '20',
  hls_flags: 'delete_segments+independent_segments+omit_endlist+program_date_time',
  hls_segment_filename: `${folder}/seg-%05d.ts`,
});

/** The bare chain alone: the encoder writes live HLS files itself (no ingest, no second ffmpeg). */
export const stampedToHls = (folder: string, segmentSeconds: number) => [
  ...stampedEncoderArgs(30 * segmentSeconds),
  '-f',
  'hls',
  ...Object.entries(bareHlsOptions(folder, segmentSeconds)).flatMap(([key, value]) => [
    `-${key}`,
    value,
  ]),
  `${folder}/index.m3u8`,
];

/**
 * One encoder, two chains (ffmpeg's tee muxer): the same frames go to Plateau over RTMP and
 * into the bare chain's HLS files (2 s, or `segmentSeconds` with keyframes as often), so both
 * are measured at the same moment. If Plateau drops the RTMP side, the files go on.
 */
export const stampedToRtmpAndHls = (url: string, folder: string, segmentSeconds = 2) => {
  const hls = Object.entries(bareHlsOptions(folder, segmentSeconds))
    .map(([key, value]) => `${key}=${value}`)
    .join(':');
  return [
    ...stampedEncoderArgs(30 * segmentSeconds),
    // FLV wants the codec headers out of band; the MPEG-TS side puts them back at keyframes.
    '-flags:v',
    '+global_header',
    '-flags:a',
    '+global_header',
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-f',
    'tee',
    `[f=flv:onfail=ignore]${url}|[f=hls:${hls}]${folder}/index.m3u8`,
  ];
};

/**
 * The pre-encoded publisher's file: the same pattern (no stamp), 720p30 libx264 veryfast at a
 * streamer's 3 Mb/s, a 2 s GOP unless told (`gop` frames), AAC; made once and kept in /tmp
 * across runs.
 */
export const ensurePreEncoded = async (file: string, seconds: number, gop = 60) => {
  if (existsSync(file)) return;
  const partial = `${file}.partial.flv`;
  const encoder = spawnTracked('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    '3000k',
    '-maxrate',
    '3000k',
    '-bufsize',
    '6000k',
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-f',
    'flv',
    partial,
  ]);
  const code = await new Promise<number | null>((resolve) => encoder.child.once('exit', resolve));
  if (code !== 0) throw new Error(`pre-encoding failed: ${encoder.stderr()}`);
  renameSync(partial, file);
};

/** `ffmpeg -re -stream_loop -1 -i pre.flv -c copy -f flv URL`: a publisher at ~0 CPU. */
export const loopedToRtmp = (file: string, url: string) => [
  '-hide_banner',
  '-nostats',
  '-loglevel',
  'error',
  '-re',
  '-stream_loop',
  '-1',
  '-i',
  file,
  '-c',
  'copy',
  '-f',
  'flv',
  url,
];

/** The stamp drawn into a band of `width` x `band` gray pixels (the layout's own size). */
const decodeStamp = (gray: Buffer): number => {
  const { width, firstX, step, boxWidth, boxY, boxHeight } = STAMP_LAYOUT;
  const y = Math.round(boxY + boxHeight / 2);
  let stamp = 0;
  for (let bit = 0; bit < STAMP_BITS; bit += 1) {
    const x = Math.round(firstX + bit * step + boxWidth / 2);
    if (gray[y * width + x]! > 128) stamp += 2 ** bit;
  }
  return stamp;
};

/** The wall clock drawn into the first frame of a stamped segment (ffmpeg fetches it). */
export const segmentStamp = async (url: string): Promise<number> => {
  const { width, height, band } = STAMP_LAYOUT;
  const reader = spawn('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    url,
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:${height},crop=${width}:${band}:0:0`,
    '-pix_fmt',
    'gray',
    '-f',
    'rawvideo',
    'pipe:1',
  ]);
  const timer = setTimeout(() => reader.kill('SIGKILL'), 15_000);
  const chunks: Buffer[] = [];
  reader.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const [code] = (await once(reader, 'exit')) as [number | null];
  clearTimeout(timer);
  const gray = Buffer.concat(chunks);
  if (code !== 0 || gray.length < width * band) throw new Error(`no frame in ${url}`);
  return decodeStamp(gray);
};

/**
 * ffmpeg's arguments for joining a live's recording parts into the REDIFF's raw file, without
 * re-encoding: the concat demuxer reads `list` (one `file '...'` line per part), the first
 * video and audio streams are copied, the index goes first (faststart) for playback while
 * downloading, and `-progress` reports on stdout (ffmpeg-runner.ts).
 */
export const rediffJoinArgs = ({ list, output }: { list: string; output: string }): string[] => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-nostdin',
  '-progress',
  'pipe:1',
  '-f',
  'concat',
  '-safe',
  '0',
  '-i',
  list,
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  '-c',
  'copy',
  '-movflags',
  '+faststart',
  '-y',
  output,
];

/** The concat demuxer's list of parts (Plateau's own paths, quoted for its syntax). */
export const rediffPartList = (parts: string[]): string =>
  parts.map((file) => `file '${file.replaceAll("'", "'\\''")}'`).join('\n');

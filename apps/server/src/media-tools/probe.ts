import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProbeResult {
  /** Container format names as ffprobe gives them, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  durationSeconds: number;
  /**
   * When the last picture ends: the video stream's start plus its length (a container may run
   * on with its sound), the container's duration when ffprobe gives neither.
   */
  pictureEndSeconds: number;
  width: number;
  height: number;
  frameRate: number;
  videoCodec: string;
  /** What a stream copy of the video needs to know (`video-copy.ts`); '' when ffprobe is silent. */
  pixelFormat: string;
  /** H.264 profile name as ffprobe gives it ("High", "Constrained Baseline"). */
  profile: string;
  /** H.264 level times ten (40 = 4.0), 0 when unknown. */
  level: number;
  /** "progressive", "tt", ...; '' when unknown. */
  fieldOrder: string;
  /** Degrees the player turns the picture (0, 90, 180, 270). */
  rotation: number;
  hasAudio: boolean;
  /** The first audio stream's samples per second; 0 without sound or when ffprobe is silent. */
  audioSampleRate: number;
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    level?: number;
    pix_fmt?: string;
    field_order?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    sample_rate?: string;
    start_time?: string;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

const rate = (fraction: string | undefined): number => {
  const [num, den] = (fraction ?? '0/1').split('/').map(Number);
  return num && den ? num / den : 0;
};

/**
 * What ffprobe reads of a file, or null when it is not a video it can decode: no readable
 * video stream, a truncated file, or not media at all.
 */
export const probeVideo = async (ffprobe: string, file: string): Promise<ProbeResult | null> => {
  let json: FfprobeJson;
  try {
    const { stdout } = await run(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 },
    );
    json = JSON.parse(stdout) as FfprobeJson;
  } catch {
    return null;
  }
  const video = json.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video || !json.format?.format_name) return null;
  const rotation =
    ((Math.round(
      Number(
        video.tags?.rotate ??
          video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
          0,
      ) || 0,
    ) %
      360) +
      360) %
    360;
  const audio = json.streams?.find((s) => s.codec_type === 'audio');
  // A phone video stored landscape with a 90° rotation plays portrait: ffmpeg autorotates.
  const turned = rotation % 180 === 90;
  const durationSeconds = Number(json.format.duration ?? video.duration ?? 0) || 0;
  const pictureLength = Number(video.duration);
  return {
    formatName: json.format.format_name,
    durationSeconds,
    pictureEndSeconds:
      pictureLength > 0 ? (Number(video.start_time) || 0) + pictureLength : durationSeconds,
    width: turned ? video.height! : video.width!,
    height: turned ? video.width! : video.height!,
    frameRate: rate(video.avg_frame_rate),
    videoCodec: video.codec_name ?? 'unknown',
    pixelFormat: video.pix_fmt ?? '',
    profile: video.profile ?? '',
    level: Number(video.level) > 0 ? Number(video.level) : 0,
    fieldOrder: video.field_order ?? '',
    rotation,
    hasAudio: audio !== undefined,
    audioSampleRate: Number(audio?.sample_rate) > 0 ? Number(audio?.sample_rate) : 0,
  };
};

/** MP4/MOV family, as the upload rule requires. */
export const isMp4Family = (probe: ProbeResult) => {
  const formats = probe.formatName.split(',');
  return formats.includes('mp4') || formats.includes('mov');
};

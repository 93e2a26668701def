import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DemoClip, DemoContent, DemoPicture } from './demo-content.ts';

const run = promisify(execFile);

const FRAME_RATE = 25;
const IMAGE_SIZE = { width: 1280, height: 720 };

/** The `lavfi` input of a picture source. */
export const pictureSource = (picture: DemoPicture, width: number, height: number): string => {
  const size = `s=${width}x${height}:r=${FRAME_RATE}`;
  return picture.source === 'color'
    ? `color=c=${picture.color}:${size}`
    : `${picture.source}=${size}`;
};

/** ffmpeg arguments writing a short MP4 (H.264, AAC when there is a tone) of `clip`. */
export const clipArgs = (clip: DemoClip, target: string): string[] => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  pictureSource(clip.picture, clip.width, clip.height),
  ...(clip.tone === null
    ? []
    : ['-f', 'lavfi', '-i', `sine=frequency=${clip.tone}:sample_rate=48000`]),
  '-t',
  String(clip.seconds),
  '-c:v',
  'libx264',
  // The source only has to be a readable upload: the real encoder does the real work.
  '-preset',
  'ultrafast',
  '-crf',
  '30',
  '-pix_fmt',
  'yuv420p',
  ...(clip.tone === null ? ['-an'] : ['-c:a', 'aac', '-b:a', '96k']),
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  target,
];

/** ffmpeg arguments writing one PNG frame of `picture`. */
export const imageArgs = (picture: DemoPicture, target: string): string[] => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  pictureSource(picture, IMAGE_SIZE.width, IMAGE_SIZE.height),
  '-frames:v',
  '1',
  '-f',
  'image2',
  '-c:v',
  'png',
  target,
];

/** The generated files, by the key of the video or direct they belong to. */
export interface DemoMedia {
  clips: Map<string, string>;
  thumbnails: Map<string, string>;
  posters: Map<string, string>;
}

/** Runs `tasks` with at most `limit` of them at once. */
export const runLimited = async <T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
};

/**
 * Generates every clip, thumbnail and poster of `content` into `dir` with ffmpeg's `lavfi`
 * sources, two ffmpeg processes at a time.
 */
export const generateDemoMedia = async (
  content: DemoContent,
  dir: string,
  ffmpeg: string,
): Promise<DemoMedia> => {
  const media: DemoMedia = { clips: new Map(), thumbnails: new Map(), posters: new Map() };
  const jobs: { args: string[]; file: string; into: Map<string, string>; key: string }[] = [];
  // Indexes, not keys, name the files: keys are data, never path parts.
  content.videos.forEach((video, index) => {
    const clip = path.join(dir, `video-${index}.mp4`);
    jobs.push({ args: clipArgs(video.clip, clip), file: clip, into: media.clips, key: video.key });
    if (video.thumbnail) {
      const image = path.join(dir, `thumbnail-${index}.png`);
      jobs.push({
        args: imageArgs(video.thumbnail, image),
        file: image,
        into: media.thumbnails,
        key: video.key,
      });
    }
  });
  content.directs.forEach((direct, index) => {
    if (!direct.poster) return;
    const image = path.join(dir, `poster-${index}.png`);
    jobs.push({
      args: imageArgs(direct.poster, image),
      file: image,
      into: media.posters,
      key: direct.key,
    });
  });
  await runLimited(jobs, 2, async ({ args, file, into, key }) => {
    await run(ffmpeg, args, { timeout: 120_000 });
    into.set(key, file);
  });
  return media;
};

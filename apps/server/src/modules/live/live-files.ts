import { text as readText } from 'node:stream/consumers';
import type { Config } from '../../config.ts';
import { isLiveVariant } from '../../media-serving/media-request.ts';
import { freeBytes } from '../../storage/free-space.ts';
import { createLocalStorage, type MediaStorage } from '../../storage/media-storage.ts';
import { createS3Client } from '../../storage/s3-client.ts';
import { createS3MediaStorage } from '../../storage/s3-media-storage.ts';

/**
 * A live's files, named from integer ids only: its recording parts and its HLS, in a folder
 * that goes once its REDIFF is stored.
 */
export const liveKeys = {
  folder: (directId: number, liveId: number) => `lives/${directId}/${liveId}`,
  part: (directId: number, liveId: number, part: number) =>
    `lives/${directId}/${liveId}/part-${part}.ts`,
  hls: (directId: number, liveId: number) => `lives/${directId}/${liveId}/hls`,
  master: (directId: number, liveId: number) => `lives/${directId}/${liveId}/hls/master.m3u8`,
  /** A variant's playlist (segment undefined) or one of its segments, from checked parts only. */
  hlsFile: (
    directId: number,
    liveId: number,
    variant: string,
    segment?: { part: number; sequence: number },
  ) => {
    if (!isLiveVariant(variant)) throw new Error(`bad live variant ${variant}`);
    const name = segment
      ? `seg-${segment.part}-${String(segment.sequence).padStart(5, '0')}.ts`
      : 'index.m3u8';
    return `lives/${directId}/${liveId}/hls/${variant}/${name}`;
  },
  /** A low-latency segment or init of a variant, its name checked against `pattern`. */
  lowLatencyFile: (
    directId: number,
    liveId: number,
    variant: string,
    name: string,
    pattern: RegExp,
  ) => {
    if (!isLiveVariant(variant) || !pattern.test(name)) throw new Error(`bad live file ${name}`);
    return `lives/${directId}/${liveId}/hls/${variant}/${name}`;
  },
};

/**
 * Where a live's files are, the live module's own storage: ffmpeg writes them on the disk of
 * the machine receiving the encoder (its working folder, under the media folder), and with
 * MEDIA_STORAGE=s3 the mirror copies the HLS into the bucket (`copies`), where the other
 * machines read what their own disk does not hold. The media storage knows nothing of lives.
 */
export interface LiveFiles {
  /** This machine's disk: what ffmpeg writes, and what is sent from it. */
  readonly disk: MediaStorage;
  /** The bucket holding the copies for the other machines; null without one. */
  readonly copies: MediaStorage | null;
  /** The absolute path of a key on this disk, for ffmpeg. */
  path(key: string): string;
  /** Where the key's bytes are now: this disk first, then the copies; null when nowhere. */
  storeOf(key: string): Promise<MediaStorage | null>;
  /** A playlist's text from where it is, or null. */
  readText(key: string): Promise<string | null>;
  /** The live's folder on this disk and its copies. */
  remove(directId: number, liveId: number): Promise<void>;
  /** Free bytes on the disk the lives are written to. */
  freeBytes(): Promise<number>;
}

export const createLiveFiles = ({
  mediaDir,
  copies,
}: {
  mediaDir: string;
  copies: MediaStorage | null;
}): LiveFiles => {
  const disk = createLocalStorage(mediaDir);
  const storeOf = async (key: string) => {
    if (await disk.stat(key)) return disk;
    if (copies && (await copies.stat(key))) return copies;
    return null;
  };
  return {
    disk,
    copies,
    path: (key) => disk.localFiles.localPath(key),
    storeOf,
    async readText(key) {
      const stream = (await disk.read(key)) ?? (await copies?.read(key)) ?? null;
      return stream ? readText(stream) : null;
    },
    async remove(directId, liveId) {
      await disk.removePrefix(liveKeys.folder(directId, liveId));
      await copies?.removePrefix(liveKeys.folder(directId, liveId));
    },
    freeBytes: () => freeBytes(mediaDir),
  };
};

/** The live files of this site: its media folder, and its bucket when MEDIA_STORAGE=s3. */
export const openLiveFiles = (
  config: Pick<Config, 'mediaDir' | 'scratchDir' | 'mediaStorage'>,
): LiveFiles => {
  const settings = config.mediaStorage;
  const copies =
    settings.kind === 's3'
      ? createS3MediaStorage({
          client: createS3Client(settings.s3),
          bucket: settings.s3.bucket,
          prefix: settings.s3.prefix,
          scratchDir: config.scratchDir,
        })
      : null;
  return createLiveFiles({ mediaDir: config.mediaDir, copies });
};

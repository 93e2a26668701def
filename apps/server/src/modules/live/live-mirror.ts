import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { isLiveVariant } from '../../media-serving/media-request.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { liveKeys, type LiveFiles } from './live-files.ts';
import { listedSegments, parseSegment } from './live-playlists.ts';

export interface LiveMirrorLog {
  warn(message: string): void;
}

/** How often the HLS folders of the lives this machine receives are looked at. */
const MIRROR_MS = 250;

/** What was copied of one live: the text of each playlist, the segments of each variant. */
interface LiveCopy {
  directId: number;
  liveId: number;
  playlists: Map<string, string>;
  segments: Map<string, Set<string>>;
  /** The copy in progress: a tick finding one skips, a flush waits for it. */
  running?: Promise<void>;
}

/**
 * Copies the live HLS that ffmpeg writes on this machine's disk into the bucket, so that a
 * viewer whom the load balancer sends to another machine plays the same live (MEDIA_STORAGE=s3,
 * no shared folder). Each segment is copied before the playlist that lists it, so a playlist
 * read from the bucket never names a segment the bucket lacks; a segment out of the DVR window
 * is removed from the bucket as ffmpeg removes it from the disk. The live's bucket copy goes
 * with its folder once the REDIFF is stored (`LiveFiles.remove`).
 *
 * A store that fails costs the other machines the live, never this one's viewers or the
 * recording: the copy is tried again on the next tick.
 */
export const createLiveMirror = (files: LiveFiles, bucket: MediaStorage, log: LiveMirrorLog) => {
  const lives = new Map<number, LiveCopy>();
  let failing = false;

  const hlsFolder = (copy: LiveCopy) => files.path(liveKeys.hls(copy.directId, copy.liveId));

  const publish = (key: string, bytes: Buffer) =>
    bucket.commitStream(Readable.from([bytes]), bytes.length, key);

  const copyFile = async (file: string, key: string) => {
    // ffmpeg deletes a segment once it leaves the window: one not copied in time is not needed.
    const size = await stat(file).then(
      (found) => found.size,
      () => null,
    );
    if (size !== null) await bucket.commitStream(createReadStream(file), size, key);
  };

  const copyPlaylist = async (copy: LiveCopy, key: string, text: string) => {
    if (copy.playlists.get(key) === text) return;
    await publish(key, Buffer.from(text));
    copy.playlists.set(key, text);
  };

  const copyVariant = async (copy: LiveCopy, variant: string) => {
    const folder = `${hlsFolder(copy)}/${variant}`;
    const text = await readFile(`${folder}/index.m3u8`, 'utf8').catch(() => null);
    if (text === null) return;
    const listed = listedSegments(text);
    const copied = copy.segments.get(variant) ?? new Set<string>();
    copy.segments.set(variant, copied);
    const segmentKey = (name: string) =>
      liveKeys.hlsFile(copy.directId, copy.liveId, variant, parseSegment(name));
    for (const name of listed) {
      if (copied.has(name)) continue;
      await copyFile(`${folder}/${name}`, segmentKey(name));
      copied.add(name);
    }
    await copyPlaylist(copy, liveKeys.hlsFile(copy.directId, copy.liveId, variant), text);
    // A 2-hour DVR window lists 3600 segments, looked at four times a second: no scan per name.
    const stillListed = new Set(listed);
    for (const name of copied) {
      if (stillListed.has(name)) continue;
      await bucket.remove(segmentKey(name));
      copied.delete(name);
    }
  };

  const copyLive = async (copy: LiveCopy) => {
    const variants = await readdir(hlsFolder(copy)).catch(() => []);
    for (const variant of variants.filter(isLiveVariant)) {
      await copyVariant(copy, variant);
    }
    const masterKey = liveKeys.master(copy.directId, copy.liveId);
    const master = await readFile(files.path(masterKey), 'utf8').catch(() => null);
    // The master last: a player reaching it finds its variants.
    if (master !== null) await copyPlaylist(copy, masterKey, master);
  };

  /** One copy of the live, unless one runs already (a slow store); never rejects. */
  const sync = (copy: LiveCopy) => {
    copy.running ??= copyLive(copy)
      .then(
        () => {
          if (failing) log.warn('live: copies to the object store work again');
          failing = false;
        },
        (error: unknown) => {
          if (!failing) log.warn(`live: copy to the object store failed: ${String(error)}`);
          failing = true;
        },
      )
      .finally(() => {
        copy.running = undefined;
      });
    return copy.running;
  };

  const timer = setInterval(() => {
    for (const copy of lives.values()) {
      void sync(copy);
    }
  }, MIRROR_MS);
  timer.unref();

  return {
    /** Starts copying the live (again after a reconnect: what was copied stays known). */
    follow(directId: number, liveId: number) {
      const known = lives.get(directId);
      if (known?.liveId === liveId) return;
      lives.set(directId, {
        directId,
        liveId,
        playlists: new Map(),
        segments: new Map(),
      });
    },
    /** Copies what the disk holds now (the playlists' end) and stops following the live. */
    async flush(directId: number) {
      const copy = lives.get(directId);
      if (!copy) return;
      lives.delete(directId);
      await copy.running;
      await sync(copy);
    },
    async stop() {
      clearInterval(timer);
      await Promise.all([...lives.values()].map((copy) => copy.running));
    },
  };
};

export type LiveMirror = ReturnType<typeof createLiveMirror>;

import { newestSequence } from './live-playlists.ts';

/**
 * Blocking reloads of the standard playlists (`_HLS_msn`, RFC 8216bis 6.2.5.2): a player asks
 * for the playlist that lists the next segment and gets it as soon as ffmpeg lists it, rather
 * than reloading every target duration at a moment set by when it joined. hls.js places a
 * viewer from the moment it last read the playlist; with every viewer reading it as the segment
 * appears, every viewer is placed alike (they were up to a segment apart).
 *
 * One reader per playlist while someone waits, whatever the number of waiting players: it
 * reads the file every `everyMs` and answers those whose segment is listed, or who waited
 * their `timeoutMs`.
 */

interface Waiter {
  msn: number;
  until: number;
  resolve: (text: string | null) => void;
}

interface Watched {
  waiters: Set<Waiter>;
  timer: NodeJS.Timeout;
  reading: boolean;
}

const EVERY_MS = 100;

export const createSegmentWaits = ({
  read,
  everyMs = EVERY_MS,
}: {
  read: (key: string) => Promise<string | null>;
  everyMs?: number;
}) => {
  const watched = new Map<string, Watched>();

  const look = async (key: string, entry: Watched) => {
    if (entry.reading) return;
    entry.reading = true;
    const text = await read(key).catch(() => null);
    entry.reading = false;
    const newest = text === null ? -1 : newestSequence(text);
    const over = text?.includes('#EXT-X-ENDLIST') ?? false;
    const now = Date.now();
    for (const waiter of entry.waiters) {
      if (over || waiter.msn <= newest || now >= waiter.until) {
        entry.waiters.delete(waiter);
        waiter.resolve(text);
      }
    }
    if (entry.waiters.size === 0) {
      clearInterval(entry.timer);
      watched.delete(key);
    }
  };

  return {
    /** Playlist `key` once it lists segment `msn`, or as it is after `timeoutMs`. */
    listed(key: string, msn: number, timeoutMs: number): Promise<string | null> {
      return new Promise((resolve) => {
        let entry = watched.get(key);
        if (!entry) {
          const timer = setInterval(() => void look(key, watched.get(key)!), everyMs);
          timer.unref();
          entry = { waiters: new Set(), timer, reading: false };
          watched.set(key, entry);
        }
        entry.waiters.add({ msn, until: Date.now() + timeoutMs, resolve });
      });
    },

    /** Playlists being read for someone waiting (tests). */
    watching: () => watched.size,
  };
};

export type SegmentWaits = ReturnType<typeof createSegmentWaits>;

import { setTimeout as sleep } from 'node:timers/promises';

export interface Segment {
  uri: string;
  /** Position in the live, from EXT-X-MEDIA-SEQUENCE. */
  sequence: number;
  /** EXTINF, seconds. */
  duration: number;
  /** EXT-X-PROGRAM-DATE-TIME of its first frame, ms since 1970 (NaN without one). */
  programDateTime: number;
}

export interface MediaPlaylist {
  targetDuration: number;
  segments: Segment[];
}

/** The tags of a media playlist that a live player reads. */
export const parseMediaPlaylist = (text: string): MediaPlaylist => {
  let targetDuration = 0;
  let sequence = 0;
  let duration = 0;
  let programDateTime = Number.NaN;
  const segments: Segment[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.slice(22));
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      programDateTime = Date.parse(line.slice(25).replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
    } else if (line && !line.startsWith('#')) {
      segments.push({ uri: line, sequence, duration, programDateTime });
      sequence += 1;
      programDateTime = Number.NaN;
    }
  }
  return { targetDuration, segments };
};

/** A segment as a watch saw it appear. */
export interface SeenSegment {
  url: string;
  /** When a read of the playlist first listed it (the read's start), ms since 1970. */
  seenAt: number;
  programDateTime: number;
  duration: number;
}

export interface PlaylistWatch {
  /** Ends the watch: the segments that appeared meanwhile, and the playlist's target duration. */
  stop(): Promise<{ seen: SeenSegment[]; targetDuration: number }>;
}

/**
 * Reads a media playlist every `everyMs` and notes when each segment appears in it (those
 * listed at the first read are left out: their appearance was not seen). Compared with the
 * segment's EXT-X-PROGRAM-DATE-TIME, or with the clock drawn into its first frame, that is the
 * lag of the newest segment.
 */
export const watchPlaylist = (url: string, everyMs = 200): PlaylistWatch => {
  const seen: SeenSegment[] = [];
  let targetDuration = 0;
  let newest = -1;
  let running = true;
  const loop = (async () => {
    while (running) {
      const asked = Date.now();
      const response = await fetch(url).catch(() => null);
      if (response?.ok) {
        const playlist = parseMediaPlaylist(await response.text());
        targetDuration = playlist.targetDuration;
        for (const segment of playlist.segments) {
          if (segment.sequence <= newest || newest < 0) continue;
          seen.push({
            url: new URL(segment.uri, url).toString(),
            seenAt: asked,
            programDateTime: segment.programDateTime,
            duration: segment.duration,
          });
        }
        newest = Math.max(newest, playlist.segments.at(-1)?.sequence ?? -1);
      } else if (response) {
        await response.body?.cancel();
      }
      await sleep(Math.max(0, everyMs - (Date.now() - asked)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { seen, targetDuration };
    },
  };
};

export const quantile = (values: number[], q: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
};

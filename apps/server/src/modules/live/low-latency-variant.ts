import type { LiveFragment } from './live-fragments.ts';
import {
  lowLatencyTargetDuration,
  renderLowLatencyPlaylist,
  type LowLatencySegment,
} from './low-latency-playlist.ts';

/**
 * One variant of a low-latency live (the source, or one rung), as the station cuts it: each
 * fragment ffmpeg writes becomes a part, parts make segments at keyframes, the newest parts
 * are kept in memory and served from there, whole segments go to the live's folder for the
 * rewind window. Blocking playlist reloads and preload hints wait here, in one list per
 * variant, answered when the part they wait for arrives; one timer per variant sends the
 * current playlist to those that waited three target durations (an encoder gone quiet).
 */

export interface LowLatencyVariantOptions {
  /** A segment is closed at the first keyframe once it holds this much (seconds). */
  segmentSeconds: number;
  /** The longest a part may last: EXT-X-PART-INF (ffmpeg cuts a fragment just under it). */
  partTarget: number;
  /** How far back a viewer can rewind (the whole live, as its standard playlists). */
  windowSeconds: number;
  /** A segment's or an init's bytes, kept in the live's folder; `remove` when it leaves the window. */
  write(name: string, bytes: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
  /** Told once when the encoder's keyframes are too far apart for parts (see `tooSpaced`). */
  onTooSpaced?: (seconds: number) => void;
  clock?: () => Date;
}

/** A name only this variant's current run uses: a restarted station never serves old bytes. */
const runId = () => Date.now().toString(36);

/** Parts are listed for the segments of the last three target durations, and one more. */
const SEGMENTS_WITH_PARTS = 4;

/**
 * Past this many seconds without a keyframe, no part can start a segment: the variant says
 * so (the station then serves this live's standard playlists).
 */
export const TOO_SPACED_SECONDS = 4;

interface Waiter {
  ready: () => boolean;
  since: number;
  resolve: () => void;
}

interface KeptSegment extends LowLatencySegment {
  partBytes: Buffer[];
  /** The whole segment's bytes while it is recent (its file may still be being written). */
  bytes: Buffer | null;
}

export type BlockingCheck = 'now' | 'wait' | 'too-far';

export const createLowLatencyVariant = (options: LowLatencyVariantOptions) => {
  const clock = options.clock ?? (() => new Date());
  const run = runId();
  const segments: KeptSegment[] = [];
  let nextMsn = 0;
  let maps = 0;
  let map: string | null = null;
  let newMap = false;
  let discontinuitySequence = 0;
  let ended = false;
  let tooSpaced = false;
  const waiters = new Set<Waiter>();
  /**
   * What is served from memory, by name: each init this variant started with (a player reads
   * them again for every rewind), the listed parts and the recent whole segments. Hundreds of
   * players ask for each part within a few ms of each other.
   */
  const kept = new Map<string, Buffer>();
  /** Changes with every part, segment and end: the rendered playlists are kept until then. */
  let version = 0;
  const rendered = new Map<boolean, { version: number; text: string }>();

  const segmentName = (msn: number) => `ll-${run}-${msn}.m4s`;
  // Parts are numbered through the live, not within their segment: the preload hint names the
  // next part before anyone knows whether it starts a segment (a keyframe) or not.
  let partsCut = 0;
  const partName = (number: number) => `ll-${run}-p${number}.m4s`;
  const current = () => {
    const last = segments.at(-1);
    return last && last.seconds === null ? last : undefined;
  };
  /** Segment `msn` is listed, whole or (with `part`) up to that part. */
  const listed = (msn: number, part: number | undefined) => {
    if (ended) return true;
    const last = segments.at(-1);
    if (!last) return false;
    if (msn < last.msn) return true;
    if (msn > last.msn) return false;
    if (last.seconds !== null) return true;
    return part !== undefined && part < last.parts.length;
  };
  const until = (ready: () => boolean) =>
    ready()
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          waiters.add({ ready, since: Date.now(), resolve });
        });
  const wake = () => {
    version += 1;
    for (const waiter of waiters) {
      if (waiter.ready()) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const targetDuration = () => lowLatencyTargetDuration({ segments });
  const sweep = setInterval(() => {
    const limit = Date.now() - targetDuration() * 3000;
    for (const waiter of waiters) {
      if (waiter.since <= limit) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }, 500);
  sweep.unref();

  const close = (segment: KeptSegment) => {
    segment.seconds = segment.parts.reduce((sum, part) => sum + part.seconds, 0);
    segment.bytes = Buffer.concat(segment.partBytes);
    kept.set(segment.name, segment.bytes);
    void options.write(segment.name, segment.bytes).catch(() => {});
    nextMsn = segment.msn + 1;
  };

  const forget = () => {
    // Parts of older segments are no longer listed: their bytes go, the file stays.
    const complete = segments.filter((segment) => segment.seconds !== null);
    for (const old of complete.slice(0, -SEGMENTS_WITH_PARTS)) {
      for (const part of old.parts) kept.delete(part.name);
      kept.delete(old.name);
      old.parts = [];
      old.partBytes = [];
      old.bytes = null;
    }
    let total = segments.reduce((sum, segment) => sum + (segment.seconds ?? 0), 0);
    while (segments.length > 1 && total - (segments[0]!.seconds ?? 0) >= options.windowSeconds) {
      const gone = segments.shift()!;
      total -= gone.seconds ?? 0;
      // The discontinuity sequence is the first listed segment's, per the specification.
      if (segments[0]!.discontinuity) discontinuitySequence += 1;
      void options.remove(gone.name).catch(() => {});
    }
  };

  const bytesOf = (name: string): Buffer | null => kept.get(name) ?? null;

  return {
    /** A new init: the encoder (re)started, the next part opens a segment after a discontinuity. */
    init(bytes: Buffer) {
      const open = current();
      if (open?.parts.length) close(open);
      maps += 1;
      const name = `init-${run}-${maps}.mp4`;
      kept.set(name, bytes);
      version += 1;
      void options.write(name, bytes).catch(() => {});
      newMap = map !== null;
      map = name;
    },

    fragment(fragment: LiveFragment) {
      if (ended || !map) return;
      let open = current();
      const held = open ? open.parts.reduce((sum, part) => sum + part.seconds, 0) : 0;
      if (open && fragment.independent && held >= options.segmentSeconds - 0.05) {
        close(open);
        open = undefined;
      }
      if (open && !fragment.independent && held >= TOO_SPACED_SECONDS && !tooSpaced) {
        tooSpaced = true;
        options.onTooSpaced?.(held);
      }
      if (!open) {
        // Within a publish a segment starts where the one before ended, by the media's own
        // clock: players lay segments out by PROGRAM-DATE-TIME, and the moment a fragment
        // reaches Plateau wanders with the machine's load.
        const before = segments.at(-1);
        const startedAt =
          before && !newMap && before.seconds !== null
            ? new Date(before.startedAt.getTime() + before.seconds * 1000)
            : clock();
        open = {
          msn: nextMsn,
          name: segmentName(nextMsn),
          map,
          discontinuity: newMap,
          startedAt,
          parts: [],
          partBytes: [],
          seconds: null,
          bytes: null,
        };
        newMap = false;
        segments.push(open);
        forget();
      }
      open.parts.push({
        name: partName(partsCut),
        seconds: fragment.seconds,
        independent: fragment.independent,
      });
      open.partBytes.push(fragment.bytes);
      kept.set(partName(partsCut), fragment.bytes);
      partsCut += 1;
      wake();
    },

    /** The live is over: the last segment closes, every waiting request gets the playlist. */
    end() {
      const open = current();
      if (open?.parts.length) close(open);
      ended = true;
      clearInterval(sweep);
      wake();
    },

    /** Whether the encoder's keyframes came too far apart for low latency. */
    tooSpaced: () => tooSpaced,

    /** Rendered once per change, whoever asks: every waiting player gets the same text. */
    playlist({ skip = false } = {}) {
      const known = rendered.get(skip);
      if (known?.version === version) return known.text;
      const text = renderLowLatencyPlaylist(
        {
          segments,
          discontinuitySequence,
          partTarget: options.partTarget,
          nextPart: ended ? null : partName(partsCut),
          ended,
        },
        { skip },
      );
      rendered.set(skip, { version, text });
      return text;
    },

    /**
     * A blocking reload (`_HLS_msn`, `_HLS_part`): answered now, to wait, or refused when it
     * asks beyond the next two segments (the specification's 400).
     */
    check(msn: number, part?: number): BlockingCheck {
      if (msn > (segments.at(-1)?.msn ?? -1) + 2) return 'too-far';
      return listed(msn, part) ? 'now' : 'wait';
    },

    /** Resolves once segment `msn` (its part `part`) is listed, or after three target durations. */
    whenListed(msn: number, part?: number): Promise<void> {
      return until(() => listed(msn, part));
    },

    /** The bytes of an init, a listed part or a recent segment, from memory; null when not kept. */
    bytesOf,

    /** `name` is the part being cut (the preload hint's). */
    isNextPart: (name: string) => !ended && name === partName(partsCut),

    /** The preload hint's part, waited for; null when `name` is not the next part. */
    async nextPartBytes(name: string): Promise<Buffer | null> {
      if (ended || name !== partName(partsCut)) return null;
      const number = partsCut;
      await until(() => ended || partsCut > number);
      return bytesOf(name);
    },

    waiting: () => waiters.size,
  };
};

export type LowLatencyVariant = ReturnType<typeof createLowLatencyVariant>;

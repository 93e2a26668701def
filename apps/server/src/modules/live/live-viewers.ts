import type { Database } from '../../db/client.ts';
import * as presence from './live-presence.repository.ts';

/** A player fetches its playlist every segment (2 s): unseen for this long, it has left. */
const PRESENT_SECONDS = 15;
/** How often the viewers seen here are written for every process to count. */
const FLUSH_MS = 3_000;
/** Viewers kept between two writes: beyond it a new one waits for its next fetch. */
const MAX_TRACKED = 100_000;

/**
 * People watching each direct now, counted across processes: behind a load balancer each one
 * sees part of a viewer's playlist fetches. A fetch only notes the viewer in memory; every few
 * seconds the viewers noted are written in one statement (`live_presence`), and the count is
 * read from there. A viewer is a signed-in account or, for visitors, an address.
 */
export const createLiveViewers = ({
  db,
  onError,
}: {
  db: Database;
  onError: (error: unknown) => void;
}) => {
  /** Seen since the last write, keyed by direct then viewer. */
  let pending = new Map<number, Set<string>>();
  let tracked = 0;
  let flushing: Promise<void> | undefined;
  /** When this process last wrote viewers: rows it may still have to clear. */
  let wroteAt = -Infinity;

  const flush = async () => {
    const seen = [...pending].flatMap(([directId, who]) =>
      [...who].map((viewer): [number, string] => [directId, viewer]),
    );
    pending = new Map();
    tracked = 0;
    // No live watched here lately: no query at all (an idle site asks nothing every 3 s).
    if (seen.length === 0 && Date.now() - wroteAt > PRESENT_SECONDS * 1000 + FLUSH_MS) return;
    if (seen.length > 0) wroteAt = Date.now();
    await presence.markPresent(db, seen);
    await presence.removeAbsent(db, PRESENT_SECONDS);
  };

  const timer = setInterval(() => {
    // A slow database must not stack writes up: the next tick takes what came meanwhile.
    if (flushing) return;
    flushing = flush()
      .catch(onError)
      .finally(() => (flushing = undefined));
  }, FLUSH_MS);
  timer.unref();

  return {
    saw(directId: number, who: string) {
      let viewers = pending.get(directId);
      if (viewers?.has(who)) return;
      if (tracked >= MAX_TRACKED) return;
      if (!viewers) pending.set(directId, (viewers = new Set()));
      viewers.add(who);
      tracked += 1;
    },
    count: (directId: number) => presence.countPresent(db, directId, PRESENT_SECONDS),
    /** Stops writing (the app closes); what was not written yet fades with the window. */
    async stop() {
      clearInterval(timer);
      await flushing;
    },
  };
};

export type LiveViewers = ReturnType<typeof createLiveViewers>;

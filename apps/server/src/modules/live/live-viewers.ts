/** A player fetches its playlist every segment (2 s): unseen for this long, it has left. */
const PRESENT_MS = 15_000;
const MAX_TRACKED = 100_000;

/**
 * People watching each direct now, counted from their playlist fetches in this process.
 * A viewer is a signed-in account or, for visitors, an address.
 */
export const createLiveViewers = (now: () => number = Date.now) => {
  const seen = new Map<number, Map<string, number>>();
  const prune = (viewers: Map<string, number>) => {
    for (const [who, at] of viewers) if (now() - at > PRESENT_MS) viewers.delete(who);
  };
  return {
    saw(directId: number, who: string) {
      let viewers = seen.get(directId);
      if (!viewers) seen.set(directId, (viewers = new Map()));
      if (viewers.size >= MAX_TRACKED) prune(viewers);
      viewers.set(who, now());
    },
    count(directId: number) {
      const viewers = seen.get(directId);
      if (!viewers) return 0;
      prune(viewers);
      return viewers.size;
    },
  };
};

export type LiveViewers = ReturnType<typeof createLiveViewers>;

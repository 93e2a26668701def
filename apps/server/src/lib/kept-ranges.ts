/**
 * Where the video's first version (a REDIFF as its live recorded it, an upload as sent) stands
 * in the version served now, through the cuts applied since: kept ranges in milliseconds of the
 * first version, in order. `null` keeps the whole of it (no cut).
 */
export type OriginalKept = [number, number][] | null;

/**
 * The ranges of the first version a cut keeps: `cut` is on the timeline served now, itself
 * made of `served` (null: the first version whole).
 */
export const composeKept = (served: OriginalKept, cut: [number, number][]): [number, number][] => {
  if (served === null) return cut.map(([start, end]) => [start, end]);
  const kept: [number, number][] = [];
  for (const [cutStart, cutEnd] of cut) {
    let offset = 0;
    for (const [start, end] of served) {
      const length = end - start;
      const from = Math.max(cutStart, offset);
      const to = Math.min(cutEnd, offset + length);
      if (to > from) kept.push([start + from - offset, start + to - offset]);
      offset += length;
    }
  }
  return kept;
};

/** A moment of the first version in the version served now, or null where it was cut out. */
export const placeInKept = (kept: OriginalKept, ms: number): number | null => {
  if (kept === null) return ms;
  let offset = 0;
  for (const [start, end] of kept) {
    if (ms >= start && ms < end) return offset + ms - start;
    offset += end - start;
  }
  return null;
};

/** What a video's cut row says of the version served now. */
export interface CutOfVideo {
  state: string;
  keepMs: [number, number][];
  originalKeepMs: [number, number][] | null;
  originalBeforeMs: [number, number][] | null;
}

/**
 * The first version's ranges in the version served now: a cut done serves what it kept; one
 * asked, running, failed or undone leaves the version before it served.
 */
export const servedKept = (cut: CutOfVideo | undefined): OriginalKept => {
  if (!cut) return null;
  // A cut done before its first-version ranges were kept (migration 0023) was the only one.
  if (cut.state === 'done') return cut.originalKeepMs ?? cut.keepMs;
  return cut.originalBeforeMs;
};

import type { Video } from '@plateau/contract';
import { Processing, rungs as specRungs } from '@plateau/contract/constants';

/** The raw upload: what members preview before the video is published. */
export const RAW_RUNG = 0;

export interface RungChoice {
  /** What the resolution selector offers, best first; empty means no selector. */
  offered: number[];
  /** The rung the element loads first. */
  initial: number;
}

/**
 * The spec's resolutions this video actually has (1080, 720, 480, 240), 1080 first when it
 * exists, else the highest. An unpublished video (members previewing it) plays its raw upload
 * and offers no choice.
 */
export const chooseRungs = (video: Pick<Video, 'processing' | 'rungs'>): RungChoice => {
  if (video.processing !== Processing.Published) return { offered: [], initial: RAW_RUNG };
  const offered = specRungs.filter((rung) => video.rungs.includes(rung));
  return { offered, initial: offered[0] ?? specRungs[0] };
};

export const rungLabel = (rung: number) => (rung === RAW_RUNG ? 'Originale' : `${rung}p`);

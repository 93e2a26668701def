import type { Video } from '@plateau/contract';
import { Processing, rungs as specRungs } from '@plateau/contract/constants';
import type { QualityChoice } from '../../lib/player-choices.ts';

/** The raw upload: what members preview before the video is published. */
export const RAW_RUNG = 0;
/** Adaptive streaming, the resolution menu's first entry: the player picks the rung. */
export const AUTO = -1;

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

/**
 * What the player starts with: Auto unless this person chose a resolution, then that one or the
 * nearest below it this video has (a video without 1080 plays 720 for a 1080 choice).
 */
export const startingQuality = ({ offered, initial }: RungChoice, remembered: QualityChoice) => {
  if (offered.length === 0) return initial;
  if (remembered === 'auto') return AUTO;
  return offered.find((rung) => rung <= remembered) ?? offered[offered.length - 1]!;
};

export const rungLabel = (rung: number) => (rung === RAW_RUNG ? 'Originale' : `${rung}p`);

/** The menu's name of a choice; Auto says which rung it plays once it knows. */
export const qualityLabel = (value: number, playing: number | null) => {
  if (value !== AUTO) return rungLabel(value);
  return playing === null ? 'Auto' : `Auto (${playing}p)`;
};

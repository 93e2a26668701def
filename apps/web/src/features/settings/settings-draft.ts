import type { Direct, Video } from '@plateau/contract';
import { HomeDisplay, trendingSlots } from '@plateau/contract/constants';
import { parsePromotion } from '../../lib/promotion.ts';

/** The geek's settings as the form holds them. */
export interface SettingsDraft {
  currentDirect: Direct | null;
  homeDisplay: HomeDisplay;
  /** Digits only; empty means no GPA promotion (-1). */
  gpaPromo: string;
  /** Slots 1 to 5 in order; null is an empty slot. */
  trending: (Video | null)[];
}

/** The home display choices, as the select names them (spec section 2). */
export const homeDisplayLabels: Record<HomeDisplay, string> = {
  [HomeDisplay.Classic]: 'Classique',
  [HomeDisplay.Theme]: 'Thème',
  [HomeDisplay.NextDirect]: 'Prochain DT',
  [HomeDisplay.CurrentDirect]: 'DT en cours',
};

/** The five slots from `GET videos/trending`, each video in the slot it says, gaps empty. */
export const slotsOf = (videos: readonly Video[]): (Video | null)[] =>
  trendingSlots.map((slot) => videos.find((video) => video.trendingSlot === slot) ?? null);

const idOf = (item: { id: number } | null) => item?.id ?? -1;

/** The slots (1-5) whose video changed. */
export const changedSlots = (saved: SettingsDraft, draft: SettingsDraft): number[] =>
  trendingSlots.filter(
    (slot) => idOf(saved.trending[slot - 1]!) !== idOf(draft.trending[slot - 1]!),
  );

/** True when Enregistrer has something to send. */
export const hasChanges = (saved: SettingsDraft, draft: SettingsDraft) =>
  idOf(saved.currentDirect) !== idOf(draft.currentDirect) ||
  saved.homeDisplay !== draft.homeDisplay ||
  parsePromotion(saved.gpaPromo) !== parsePromotion(draft.gpaPromo) ||
  changedSlots(saved, draft).length > 0;

/**
 * A video goes in one slot only (the server moves it): putting it in `slot` empties the slot
 * that held it, so the form shows what the home will.
 */
export const placeInSlot = (
  trending: readonly (Video | null)[],
  slot: number,
  video: Video | null,
): (Video | null)[] =>
  trending.map((current, index) => {
    if (index === slot - 1) return video;
    return video && current?.id === video.id ? null : current;
  });

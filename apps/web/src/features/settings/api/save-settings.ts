import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentDirectBody } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { parsePromotion } from '../../../lib/promotion.ts';
import { directKeys } from '../../../resources/directs.ts';
import { settingKeys } from '../../../resources/settings.ts';
import { videoKeys } from '../../../resources/videos.ts';
import { useViewer } from '../../../resources/viewer.ts';
import { changedSlots, placeInSlot, type SettingsDraft } from '../settings-draft.ts';

export interface SettingsSave {
  /** What the server holds, as far as this page knows. */
  saved: SettingsDraft;
  draft: SettingsDraft;
  /** After each call that succeeded: what the server now holds. */
  onStep: (saved: SettingsDraft) => void;
}

/**
 * Sends only what changed, one call after the other, reporting each step: when one fails,
 * what was already saved is known and Enregistrer sends only the rest.
 */
const saveSettings = async ({ saved: start, draft, onStep }: SettingsSave) => {
  let saved = start;
  const step = (change: Partial<SettingsDraft>) => {
    saved = { ...saved, ...change };
    onStep(saved);
  };
  if ((saved.currentDirect?.id ?? -1) !== (draft.currentDirect?.id ?? -1)) {
    const answer = await api.put<CurrentDirectBody>(
      `currentDirect/${draft.currentDirect?.id ?? -1}`,
    );
    // Choosing a current direct turns the classic home into the theme one (spec section 4).
    step({
      currentDirect: draft.currentDirect,
      homeDisplay: answer.homeDisplay as SettingsDraft['homeDisplay'],
    });
  }
  if (saved.homeDisplay !== draft.homeDisplay) {
    await api.put(`homeDisplay/${draft.homeDisplay}`);
    step({ homeDisplay: draft.homeDisplay });
  }
  if (parsePromotion(saved.gpaPromo) !== parsePromotion(draft.gpaPromo)) {
    await api.put(`gpaPromo/${parsePromotion(draft.gpaPromo)}`);
    step({ gpaPromo: draft.gpaPromo });
  }
  for (const slot of changedSlots(saved, draft)) {
    const video = draft.trending[slot - 1] ?? null;
    await api.put(`videos/trending/${slot}/${video?.id ?? -1}`);
    step({ trending: placeInSlot(saved.trending, slot, video) });
  }
};

/** Enregistrer: the changed settings, then every view of them is read again. */
export const useSaveSettings = () => {
  const client = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: saveSettings,
    onSettled: () =>
      Promise.all(
        [
          settingKeys.all,
          directKeys.currentLive(viewer),
          directKeys.current(viewer),
          videoKeys.trending(viewer),
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
};

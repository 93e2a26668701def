import type { Role, Video } from '@plateau/contract';
import { Privacy, Processing } from '@plateau/contract/constants';

/** Spec section 5: the add form starts at CS. */
export const DEFAULT_PRIVACY: number = Privacy.School;

/** What the server says when a member tries it anyway; the form says it first. */
export const PUBLIC_ACCESS_LOCKED = "Seul un geek peut changer l'accès d'une vidéo publique";

const isGeek = (role: Role | null) => role === 'geek';

/**
 * The access levels a person may pick (spec section 5): a geek has all four; a member CS and
 * Plateau, plus the video's current level so the select can show it (a member may leave an
 * archived video archived, or make it CS again).
 */
export const accessChoices = (role: Role | null, current?: number): number[] => {
  if (isGeek(role)) return [Privacy.Public, Privacy.School, Privacy.Plateau, Privacy.Archived];
  const choices: number[] = [Privacy.School, Privacy.Plateau];
  if (current !== undefined && !choices.includes(current)) choices.unshift(current);
  return choices.sort((a, b) => a - b);
};

/** Only a geek changes the access of a video that is already public. */
export const canChangeAccess = (role: Role | null, current?: number) =>
  isGeek(role) || current !== Privacy.Public;

/**
 * The rung the edit page previews: the raw upload until the video is published (members may
 * stream it), then the best encoded one. Null when there is nothing to play yet.
 */
export const previewRung = (video: Pick<Video, 'processing' | 'rungs'>): number | null => {
  if (video.processing === Processing.NoUpload) return null;
  if (video.processing < Processing.Published) return 0;
  return video.rungs.length > 0 ? Math.max(...video.rungs) : 0;
};

/** 'Mettre à la une' is the geek's, and only a published video can be featured. */
export const showsFeaturedPicker = (role: Role | null, video: Pick<Video, 'processing'>) =>
  isGeek(role) && video.processing === Processing.Published;

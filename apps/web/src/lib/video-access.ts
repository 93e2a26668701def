import type { Role } from '@plateau/contract';
import { Privacy } from '@plateau/contract/constants';

/**
 * Who may give a video which access (spec section 5): the rules every form that creates or
 * edits videos follows (the add and edit pages, the multi-file upload).
 */

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

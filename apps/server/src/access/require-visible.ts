import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import type { Viewer } from './viewer.ts';

/** What a 404 says for each kind of thing whose visibility is checked. */
export const notFoundMessage = {
  video: 'Vidéo introuvable',
  direct: 'Direct introuvable',
} as const;

/** The answer for something that exists but is hidden: 401 for a visitor, 403 for a user. */
export const hiddenError = (viewer: Viewer) =>
  viewer === null
    ? unauthorized('Veuillez vous connecter')
    : forbidden("Vous n'avez pas accès à ce contenu");

/**
 * The one "find and check visibility" answer: a row read with its `visible` flag (from the
 * visibility rule) is returned when the viewer may see it; 404 when missing, 401/403 when
 * hidden, so a hidden thing never reads as a missing one to a member and vice versa.
 */
export const requireVisible = <T extends { visible: boolean }>(
  found: T | undefined,
  viewer: Viewer,
  notFoundText: string,
): T => {
  if (!found) throw notFound(notFoundText);
  if (!found.visible) throw hiddenError(viewer);
  return found;
};

import { useLoadError } from '../../../lib/use-load-error.ts';

const messages = {
  notAccessible: "Cette video n'est pas accessible",
  failed: 'Erreur pendant le chargement de la vidéo',
};

/** Spec section 8, "Loading", for a video. */
export const useVideoLoadError = (error: unknown) => useLoadError(error, messages);

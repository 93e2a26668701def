import { errorStatus } from '../../../lib/api.ts';
import { useLoadError } from '../../../lib/use-load-error.ts';

/**
 * A video's or a direct's statistics refused (401, 403) or asked for one that does not exist
 * (404) leave the page as their own pages do (spec section 8, "Loading"); any other failure
 * stays, with a retry, so that one hiccup does not lose the period chosen.
 */
export const useStatisticsLoadError = (
  error: unknown,
  messages: { notAccessible: string; failed: string },
) => {
  const refused = error !== null && [401, 403, 404].includes(errorStatus(error));
  useLoadError(refused ? error : null, messages);
};

export const videoStatisticsMessages = {
  notAccessible: "Cette vidéo n'est pas accessible",
  failed: 'Erreur pendant le chargement des statistiques',
} as const;

export const directStatisticsMessages = {
  notAccessible: "Ce direct n'est pas accessible",
  failed: 'Erreur pendant le chargement des statistiques',
} as const;

import { useLoadError } from '../../../lib/use-load-error.ts';

const messages = {
  notAccessible: "Ce direct n'est pas accessible",
  failed: 'Erreur pendant le chargement du direct',
};

/** Spec section 8, "Loading", for a direct. */
export const useDirectLoadError = (error: unknown) => useLoadError(error, messages);

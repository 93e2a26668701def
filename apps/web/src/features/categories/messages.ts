import { errorStatus } from '../../lib/api.ts';
import { fieldLimits } from '@plateau/contract/constants';

/** The spec has no words for managing categories: ours, in its style. */
export const categoryMessages = {
  created: 'Catégorie créée avec succès',
  createFailed: 'Erreur pendant la création de la catégorie',
  renamed: 'Catégorie renommée avec succès',
  renameFailed: 'Erreur pendant la modification de la catégorie',
  deleted: 'Catégorie supprimée avec succès',
  deleteFailed: 'Erreur pendant la suppression de la catégorie',
  confirmDelete: (name: string) =>
    `Etes-vous sûr de vouloir supprimer la catégorie « ${name} » ? Les vidéos la perdront.`,
} as const;

/** The contract's limit for a tag's name (TagBody). */
export const NAME_MAX = fieldLimits.tagName;

/**
 * A name already taken is a 409 the server words in French: shown as it says. Any other
 * failure gets our message, never raw error text.
 */
export const failureMessage = (error: unknown, fallback: string) =>
  errorStatus(error) === 409 && error instanceof Error && error.message ? error.message : fallback;

import type { Role } from '@plateau/contract';
import { errorStatus } from '../../lib/api.ts';

/** The spec has no words for account management: ours, in its style. */
export const userMessages = {
  created: 'Utilisateur créé avec succès',
  createFailed: "Erreur pendant la création de l'utilisateur",
  updated: 'Utilisateur modifié avec succès',
  updateFailed: "Erreur pendant la modification de l'utilisateur",
  passwordChanged: 'Mot de passe modifié avec succès',
  deleted: 'Utilisateur supprimé avec succès',
  deleteFailed: "Erreur pendant la suppression de l'utilisateur",
  confirmDelete: (username: string) =>
    `Etes-vous sûr de vouloir supprimer le compte « ${username} » ?`,
  linked: "Compte de l'école lié avec succès",
  linkFailed: "Erreur pendant la liaison du compte de l'école",
  unlinked: "Compte de l'école retiré avec succès",
  unlinkFailed: "Erreur pendant le retrait du compte de l'école",
  confirmUnlink: (username: string) =>
    `Retirer le compte de l'école de « ${username} » ? Ses sessions ouvertes seront fermées.`,
} as const;

export const roleLabels: Record<Role, string> = {
  user: 'Utilisateur',
  plateau: 'Plateau',
  geek: 'Geek',
};

/**
 * A refusal the server explains in French (409: the last geek kept, a name already taken) is
 * shown as it says; any other failure gets our message, never raw error text.
 */
export const failureMessage = (error: unknown, fallback: string) =>
  errorStatus(error) === 409 && error instanceof Error && error.message ? error.message : fallback;

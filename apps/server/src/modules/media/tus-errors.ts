import { errorBody, HttpError } from '../../lib/errors.ts';
import { isStorageUnavailable } from '../../storage/storage-errors.ts';
import { storageDown } from './upload-room.ts';

/** tus's own refusals, by status, said in French like every other answer. */
const messages: Record<number, string> = {
  400: 'Requête d’envoi invalide',
  403: 'Action refusée sur cet envoi',
  404: 'Envoi introuvable ou expiré : recommencez l’envoi',
  409: 'Position d’envoi incorrecte : reprenez à la position du serveur',
  410: 'Envoi expiré : recommencez l’envoi',
  413: 'Le fichier dépasse la taille maximale autorisée',
  415: 'Type de contenu invalide : application/offset+octet-stream attendu',
  423: 'Cet envoi est déjà en cours depuis une autre connexion',
  460: 'Somme de contrôle incorrecte',
};

const asJson = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify(errorBody(status, message)),
});

/** A tus error object ({ status_code, body }) or a thrown error, as a French JSON answer. */
export const frenchTusError = (error: unknown): { status_code: number; body: string } => {
  if (error instanceof HttpError) return asJson(error.statusCode, error.message);
  // The bucket is down or refuses Plateau: what was received stays, the client retries later.
  if (isStorageUnavailable(error)) return frenchTusError(storageDown());
  const { status_code: status, body } = (error ?? {}) as { status_code?: number; body?: string };
  // Already ours: thrown by a hook.
  if (body?.startsWith('{')) return { status_code: status ?? 500, body };
  // tus's FILE_WRITE_ERROR: the request body broke off (a cut, an aborted PATCH); what was
  // written is kept. A 409, as for a wrong offset, makes a tus client ask the offset again and
  // resume from it, where a 400 would make it give up.
  if (status === 500 && body?.startsWith('Something went wrong receiving the file')) {
    return asJson(409, 'Envoi du fichier interrompu : reprise à la position du serveur');
  }
  if (status !== undefined && messages[status]) return asJson(status, messages[status]);
  return asJson(500, 'Erreur interne du serveur');
};

import type { MediaStorageStatus, MoveRequest } from './media-move.service.ts';
import type { MediaBackend } from '../../storage/media-locations.repository.ts';

const places: Record<MediaBackend, string> = {
  local: 'sur le disque local',
  s3: 'dans le bucket S3',
};

/** The storage's French lines of `npm run media -- status`. */
export const describeStorageStatus = (status: MediaStorageStatus): string[] => [
  'Stockage des médias :',
  `  nouveaux médias : ${places[status.newMedia]}`,
  `  dossiers sur le disque local : ${status.foldersOnDisk}`,
  status.bucket
    ? `  dossiers dans le bucket S3 : ${status.foldersInBucket}`
    : '  bucket S3 : aucun (S3_BUCKET non renseigné)',
  `Déplacement des médias : ${
    status.running
      ? `en cours${status.target ? ` (${places[status.target]})` : ''}`
      : status.waiting
        ? "demandé, en attente d'un worker (npm start ou npm run worker)"
        : 'arrêté'
  }`,
  `Dernière erreur du déplacement : ${status.lastError ?? 'aucune'}`,
];

/** The folders a move towards `to` has left. */
export const foldersLeft = (status: MediaStorageStatus, to: MediaBackend) =>
  to === 's3' ? status.foldersOnDisk : status.foldersInBucket;

/** What `npm run media -- move --to <to>` answers, and its exit code. */
export const moveAnswer = (
  status: MediaStorageStatus,
  to: MediaBackend,
  request: MoveRequest | 'nothing',
): { text: string; code: number } => {
  const left = foldersLeft(status, to);
  if (request === 'no-bucket') {
    return {
      code: 1,
      text: 'Aucun bucket S3 configuré : renseignez S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY (les mêmes réglages que le serveur), puis relancez.',
    };
  }
  if (request === 'already') {
    return {
      code: 0,
      text: `Un déplacement est déjà ${status.running ? 'en cours' : 'demandé'} : ${left} dossier(s) à déplacer ${places[to]}.`,
    };
  }
  if (request === 'nothing') {
    return {
      code: 0,
      text: `Rien à déplacer : tous les dossiers de médias sont déjà ${places[to]}.`,
    };
  }
  return {
    code: 0,
    text: `Déplacement demandé : ${left} dossier(s) à déplacer ${places[to]}, un à la fois, vérifiés avant d'effacer l'original, par un worker (npm start ou npm run worker). Le site reste ouvert.`,
  };
};

import type { EncodingWait } from '@plateau/contract';

/** Spec sections 2 and 8: the pending page's texts, exactly as written (typos included). */
export const pendingMessages = {
  encodeFailed: "Error pendant l'encodage",
  deleteFailed: 'Erreur pendant la suppression de la vidéo',
  confirmDelete: 'Etes-vous sûr de vouloir supprimer cette vidéo ?',
  encoding: 'Encodage en cours...',
  noDescription: 'Sans description',
  noPromotion: 'Aucune promo associée',
  noDirect: 'Aucun direct associé',
} as const;

/**
 * What the encoder wrote when it gave up (apps/server/src/modules/encoding), as a sentence a
 * member can act on. The server's own text may carry ffmpeg's output: it stays off the screen.
 */
const encodingFailures: readonly [RegExp, string][] = [
  [
    /^Fichier source absent/,
    'Le fichier envoyé est introuvable ou illisible : envoyez-en un autre depuis « Modifier ».',
  ],
  [
    /^Échec de l'encodage/,
    "La conversion du fichier a échoué : relancez l'encodage, ou envoyez un autre fichier depuis « Modifier ».",
  ],
  [
    /^L'encodage a été interrompu/,
    "L'encodage a été interrompu (serveur arrêté ou délai dépassé) : relancez-le.",
  ],
  [/durée maximale/, "L'encodage a duré trop longtemps et a été arrêté : relancez-le."],
];

/** Why a queued encode has not started (Video.encodingWait): it starts by itself later. */
export const encodingWaitTexts: Record<EncodingWait, string> = {
  disk: 'En attente d’espace disque : l’encodage reprendra quand de la place sera libérée.',
  storage:
    'En attente du stockage des médias, injoignable pour l’instant : l’encodage reprendra tout seul.',
};

export const ENCODING_FAILED_TITLE = 'Le dernier encodage a échoué';
const UNKNOWN_FAILURE = "L'encodage s'est arrêté sans se terminer : relancez-le.";

export const encodingFailureText = (error: string) =>
  encodingFailures.find(([pattern]) => pattern.test(error))?.[1] ?? UNKNOWN_FAILURE;

import type { LiveState } from '@plateau/contract';

/** What "Diffuser sur Plateau" and its panel say. */
export const broadcastMessages = {
  enabled: 'Diffusion sur Plateau activée',
  disabled: 'Diffusion sur Plateau désactivée',
  toggleFailed: 'Erreur pendant le changement de diffusion',
  enableFailed: "Le DT est créé, mais la diffusion sur Plateau n'a pas pu être activée",
  keyRegenerated: 'Nouvelle clé de stream créée',
  regenerateFailed: 'Erreur pendant la création de la clé',
  ended: 'Direct terminé',
  rediffInProgress: 'Préparation de la REDIFF…',
  endFailed: "Erreur pendant l'arrêt du direct",
  serverCopied: 'Serveur copié !',
  keyCopied: 'Clé copiée !',
  copyFailed: 'Impossible de copier : sélectionnez le texte et copiez-le',
  loadFailed: 'Impossible de lire la diffusion de ce DT',
  help: 'Dans OBS : Paramètres > Stream > Service personnalisé, puis collez le serveur et la clé. Dans Sortie, réglez l’intervalle d’images clés sur 2 s.',
} as const;

/** The live's state as the editor names it ('off' shows nothing). */
export const liveStateLabels: Record<Exclude<LiveState, 'off'>, string> = {
  waiting: 'En attente',
  live: 'En direct',
  reconnecting: 'Reconnexion…',
  ended: 'Terminé',
};

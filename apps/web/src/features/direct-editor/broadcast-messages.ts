import type { LiveState } from '@plateau/contract';
import { LIVE_KEYFRAME_SECONDS } from '@plateau/contract/constants';

const secondsFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

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
  /** What to set in OBS: keyframes every 2 s, or every second for « Latence faible ». */
  help: (keyframeSeconds: number) =>
    `Dans OBS : Paramètres > Stream > Service personnalisé, puis collez le serveur et la clé. Dans Sortie, réglez l’intervalle d’images clés sur ${keyframeSeconds} s.`,
  lowLatencyOn: 'Latence faible activée : elle s’applique au prochain lancement du flux',
  lowLatencyOff: 'Latence faible désactivée : elle s’applique au prochain lancement du flux',
  lowLatencyFailed: 'Erreur pendant le changement de latence',
  lowLatencyHelp:
    'Environ 2 s de retard au lieu de 5 pour les spectateurs. Réglez l’intervalle d’images clés de l’encodeur sur 1 s (OBS : Paramètres > Sortie ; vMix : réglages du flux ; ATEM : réglages du flux). S’applique au prochain lancement du flux.',
  lowLatencyLive: 'Le direct en cours est diffusé en latence faible.',
  /** The encoder's keyframes are further apart than the live's segments need. */
  spacedKeyframes: (segmentSeconds: number) =>
    `Les images clés de l’encodeur sont trop espacées : le direct est découpé en segments de ${secondsFormat.format(segmentSeconds)} s au lieu de ${LIVE_KEYFRAME_SECONDS} s, et chaque spectateur le voit avec plus de retard. Réglez l’intervalle d’images clés sur ${LIVE_KEYFRAME_SECONDS} s (OBS : Paramètres > Sortie ; vMix : réglages du flux ; ATEM : réglages du flux), puis relancez le flux.`,
};

/** The segments of the live are longer than its keyframe interval allows for (rounded as HLS does). */
export const keyframesTooSpaced = (segmentSeconds: number | null): segmentSeconds is number =>
  segmentSeconds !== null && Math.round(segmentSeconds) > LIVE_KEYFRAME_SECONDS;

/** The live's state as the editor names it ('off' shows nothing). */
export const liveStateLabels: Record<Exclude<LiveState, 'off'>, string> = {
  waiting: 'En attente',
  live: 'En direct',
  reconnecting: 'Reconnexion…',
  ended: 'Terminé',
};

import type { RenditionUpgradeStatus } from './rendition-upgrade.service.ts';

/** The conversion's French lines of `npm run media -- status`. */
export const describeUpgradeStatus = (status: RenditionUpgradeStatus): string[] => [
  `Vidéos publiées : ${status.upgraded + status.left}`,
  `  au nouveau format (lecture adaptative, aperçus) : ${status.upgraded}`,
  `  encore à l'ancien format : ${status.left}`,
  `Conversion : ${
    status.running
      ? 'en cours'
      : status.waiting
        ? "demandée, en attente d'un worker (npm start ou npm run worker)"
        : 'arrêtée'
  }`,
  `Dernière erreur : ${status.lastError ?? 'aucune'}`,
];

/**
 * What `npm run media -- upgrade` answers: `nothing` left to convert, a run `asked` for, or one
 * `already` running or waiting.
 */
export const upgradeAnswer = (
  status: RenditionUpgradeStatus,
  request: 'nothing' | 'asked' | 'already',
): string => {
  if (request === 'nothing') {
    return 'Rien à convertir : toutes les vidéos publiées sont au nouveau format.';
  }
  if (request === 'asked') {
    return `Conversion demandée : ${status.left} vidéo(s) à convertir, une à la fois, par un worker (npm start ou npm run worker).`;
  }
  return `Une conversion est déjà ${status.running ? 'en cours' : 'demandée'} : ${status.left} vidéo(s) restante(s).`;
};

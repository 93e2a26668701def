import type { TrimActivity } from '@plateau/contract';
import { formatDateTime } from '../../lib/dates.ts';

/** The texts of « Montages » on /pending: the cuts on their way and those failed this week. */
export const cutMessages = {
  title: 'Montages',
  intro: 'Les montages en cours ou en attente, et ceux qui ont échoué ces 7 derniers jours.',
  queued: 'En attente',
  awaiting: 'Prévu : fait à l’encodage, avant la publication',
  running: (progress: number | null) =>
    progress === null ? 'Montage en cours…' : `Montage en cours… ${progress} %`,
  // The server's reason is already French (contract: TrimActivity.error).
  failed: (error: string | null) => (error ? `Échec : ${error}` : 'Échec'),
  loadFailed: "Les montages n'ont pas pu être lus.",
} as const;

const relative = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' });

/**
 * "à l'instant", "il y a 5 minutes", "il y a 3 heures", then "le 2 mars 2026 à 14:02": a cut
 * failed this week is told by its date. A server clock a little ahead counts as now.
 */
export const formatSince = (value: string, now = Date.now()): string => {
  const seconds = Math.floor((now - new Date(value).getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return "à l'instant";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return `le ${formatDateTime(value)}`;
};

/**
 * When the cut last changed, by state: a waiting cut since it was asked, a running one since
 * its last step (a step long ago says it is stuck), a failed one since it stopped.
 */
export const cutWhen = (cut: TrimActivity, now = Date.now()): string => {
  const since = formatSince(cut.updatedAt, now);
  if (cut.state === 'queued' || cut.state === 'awaiting') return `Demandé ${since}`;
  if (cut.state === 'running') return `Dernière avancée ${since}`;
  return `Échoué ${since}`;
};

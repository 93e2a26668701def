/** French texts of the system view: durations, dates and shares of a disk. */

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });

/** "1 mars 2025 à 03:00". */
export const formatDateTime = (value: string): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
};

/** "12 %". */
export const formatPercent = (share: number): string => percent.format(share);

/** "moins d'une minute", "42 min", "5 h 03", "3 j 4 h". */
export const formatDuration = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return "moins d'une minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')}`;
  const days = Math.floor(hours / 24);
  return `${days} j ${hours % 24} h`;
};

/** "aujourd'hui", "hier", "il y a 3 jours": how old a backup is, by whole days. */
export const formatAge = (value: string, now = Date.now()): string => {
  const days = Math.floor((now - new Date(value).getTime()) / 86_400_000);
  if (days <= 0) return "aujourd'hui";
  if (days === 1) return 'hier';
  return `il y a ${days} jours`;
};

/** Under this share of the disk free, the storage shows a warning. */
export const LOW_FREE_SHARE = 0.1;

import type { DayString } from '@plateau/contract/constants';
import { formatBytes } from '../../lib/transfer-format.ts';

/** French texts of the statistics: counts, hours, days and times (Intl, fr-FR). */

const count = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
// Days are the site's calendar days, not instants: read and written in UTC, so no time zone of
// the browser moves them by one.
const day = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayMonth = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthYear = new Intl.DateTimeFormat('fr-FR', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
// Instants (a live's samples) are shown at the site's time, wherever the member is.
const clock = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});
const instantDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

export const dayDate = (value: DayString) => new Date(`${value}T00:00:00Z`);

/** "12 345". */
export const formatCount = (value: number) => count.format(value);

/** Seconds as hours, to the hundredth (the charts' and the CSV's unit). */
export const hoursOf = (seconds: number) => Math.round(seconds / 36) / 100;

const twoDecimals = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** "12,5 h"; under an hour, to the hundredth ("0,25 h"), so that a short video's day is not "0 h". */
export const formatHours = (seconds: number) => {
  const hours = seconds / 3600;
  return `${(hours < 1 ? twoDecimals : oneDecimal).format(hours)}\u00a0h`;
};

/** "47 %". */
export const formatShare = (share: number) => percent.format(share);

/** "28 nov. 2026". */
export const formatDay = (value: DayString) => day.format(dayDate(value));

/** "28 nov.": the charts' axis, where the year is in the period's title. */
export const formatDayShort = (value: DayString | Date) =>
  dayMonth.format(typeof value === 'string' ? dayDate(value) : value);

/** "nov. 2026". */
export const formatMonth = (value: DayString) => monthYear.format(dayDate(value));

/** "du 1 nov. 2026 au 30 nov. 2026". */
export const formatRange = (from: DayString, to: DayString) =>
  from === to ? `le ${formatDay(from)}` : `du ${formatDay(from)} au ${formatDay(to)}`;

/** "20:41", at the site's time. */
export const formatClock = (value: string | Date) => clock.format(new Date(value));

/** "28 nov. 2026", the day an instant falls on at the site. */
export const formatInstantDay = (value: string) => instantDay.format(new Date(value));

/** "35 s", "42 min", "1 h 05": how long someone watched, on average. */
export const formatWatchTime = (seconds: number) => {
  if (seconds < 60) return `${Math.round(seconds)}\u00a0s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}\u00a0min`;
  return `${Math.floor(minutes / 60)}\u00a0h\u00a0${String(minutes % 60).padStart(2, '0')}`;
};

/** "2,3 Go", or a dash for a day whose storage was not measured. */
export const formatStorage = (bytes: number | null) => (bytes === null ? '—' : formatBytes(bytes));

export type Trend = 'up' | 'down' | 'same' | 'new';

export interface Change {
  trend: Trend;
  /** "+25 %", "−10 %", "=", "nouveau". */
  text: string;
  /** The same for a screen reader: "en hausse de 25 %". */
  spoken: string;
}

/** How `current` compares with the period before: a rounded percentage, or "nouveau" from 0. */
export const compare = (current: number, previous: number): Change => {
  if (previous <= 0) {
    return current > 0
      ? { trend: 'new', text: 'nouveau', spoken: 'rien la période précédente' }
      : { trend: 'same', text: '=', spoken: 'stable' };
  }
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return { trend: 'same', text: '=', spoken: 'stable' };
  const size = `${formatCount(Math.abs(change))}\u00a0%`;
  return change > 0
    ? { trend: 'up', text: `+${size}`, spoken: `en hausse de ${size}` }
    : { trend: 'down', text: `\u2212${size}`, spoken: `en baisse de ${size}` };
};

/** "2:14", "1:02:14": a moment of a video. */
export const formatPosition = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor(whole / 60) % 60;
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

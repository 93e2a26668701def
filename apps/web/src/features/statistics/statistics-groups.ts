import { addDays, daysBetween, daysOf, type DayString } from '@plateau/contract/constants';
import { formatDay, formatDayShort, formatMonth } from './statistics-format.ts';

/** How a long period's days are added up for a chart of bars or a printed table. */
export type GroupUnit = 'day' | 'week' | 'month';

/** Days one at a time up to `maxRows`, then weeks, then months: never more rows than a page holds. */
export const groupUnit = (from: DayString, to: DayString, maxRows: number): GroupUnit => {
  const days = daysBetween(from, to);
  if (days <= maxRows) return 'day';
  return Math.ceil(days / 7) <= maxRows ? 'week' : 'month';
};

export interface Group<T> {
  /** The group's first and last day (both within the period). */
  from: DayString;
  to: DayString;
  items: T[];
}

/** The Monday (ISO week) of `day`. */
const mondayOf = (day: DayString) => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
};

const keyOf = (day: DayString, unit: GroupUnit) => {
  if (unit === 'day') return day;
  return unit === 'week' ? mondayOf(day) : day.slice(0, 7);
};

/** `items` (in day order) in consecutive groups of `unit`, each named by its days. */
export const groupDays = <T extends { day: DayString }>(
  items: readonly T[],
  unit: GroupUnit,
): Group<T>[] => {
  const groups: Group<T>[] = [];
  let key: string | null = null;
  for (const item of items) {
    const next = keyOf(item.day, unit);
    const last = groups.at(-1);
    if (last && next === key) {
      last.items.push(item);
      last.to = item.day;
    } else {
      groups.push({ from: item.day, to: item.day, items: [item] });
      key = next;
    }
  }
  return groups;
};

/** "28 nov. 2026", "sem. du 23 nov. 2026", "nov. 2026": a group's name in a table. */
export const groupLabel = (group: Group<unknown>, unit: GroupUnit) => {
  if (unit === 'day') return formatDay(group.from);
  if (unit === 'week') return `Sem. du ${formatDay(group.from)}`;
  return formatMonth(group.from);
};

/** The same, short, for a chart's axis. */
export const groupTick = (group: Group<unknown>, unit: GroupUnit) =>
  unit === 'month' ? formatMonth(group.from) : formatDayShort(group.from);

export const unitLabels: Record<GroupUnit, string> = {
  day: 'Jour',
  week: 'Semaine',
  month: 'Mois',
};

export const sumOf = <T>(items: readonly T[], value: (item: T) => number) =>
  items.reduce((total, item) => total + value(item), 0);

/**
 * Every day of the period, in order, each with its answer or `empty(day)`: a day nobody watched
 * may be missing from an answer, and a chart must still show it as nothing.
 */
export const everyDay = <T extends { day: DayString }>(
  from: DayString,
  to: DayString,
  days: readonly T[],
  empty: (day: DayString) => T,
): T[] => {
  const byDay = new Map(days.map((one) => [one.day, one]));
  return daysOf(from, to).map((day) => byDay.get(day) ?? empty(day));
};

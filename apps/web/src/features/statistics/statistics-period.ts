import type { StatisticsQuery } from '@plateau/contract';
import {
  daysBetween,
  MAX_STATISTICS_DAYS,
  periodDays,
  statisticsPeriods,
  type DayString,
  type StatisticsPeriod,
} from '@plateau/contract/constants';

/** The period lives in the page's address (`?period=range&from=…&to=…`): a link or a reload keeps it. */
export const PERIOD_PARAM = 'period';
export const FROM_PARAM = 'from';
export const TO_PARAM = 'to';

export const DEFAULT_PERIOD: StatisticsPeriod = '30d';

export const periodLabels: Record<StatisticsPeriod, string> = {
  '7d': '7 jours',
  '30d': '30 jours',
  year: 'Année scolaire',
  range: 'Période choisie',
};

/** Today in the browser, as the site writes days (`YYYY-MM-DD`). */
export const localToday = (now = new Date()): DayString =>
  [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');

const isDay = (value: string | null): value is DayString => {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // 2026-02-31 parses to another day: only a day that exists round-trips.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

export interface PeriodChoice {
  period: StatisticsPeriod;
  /** The days shown (a chosen range as typed, even while it is not valid). */
  from: string;
  to: string;
  /** Why the chosen range cannot be asked, or null: the query is then `query`. */
  problem: string | null;
  query: StatisticsQuery | null;
}

export const rangeProblems = {
  missing: 'Choisissez le premier et le dernier jour.',
  order: 'Le premier jour doit précéder le dernier.',
  tooLong: `${MAX_STATISTICS_DAYS} jours au plus.`,
} as const;

const rangeProblem = (from: string, to: string): string | null => {
  if (!isDay(from) || !isDay(to)) return rangeProblems.missing;
  if (from > to) return rangeProblems.order;
  if (daysBetween(from, to) > MAX_STATISTICS_DAYS) return rangeProblems.tooLong;
  return null;
};

/** The period an address asks for; anything unreadable is the default period. */
export const readPeriod = (params: URLSearchParams, today: DayString): PeriodChoice => {
  const asked = params.get(PERIOD_PARAM);
  const period = statisticsPeriods.find((one) => one === asked) ?? DEFAULT_PERIOD;
  if (period !== 'range') {
    const days = periodDays(period, today);
    return { period, ...days, problem: null, query: { ...days, period } };
  }
  const from = params.get(FROM_PARAM) ?? '';
  const to = params.get(TO_PARAM) ?? '';
  const problem = rangeProblem(from, to);
  return { period, from, to, problem, query: problem ? null : { from, to, period } };
};

/** The address's parameters for a period (the default one needs none). */
export const periodParams = (
  period: StatisticsPeriod,
  range?: { from: string; to: string },
): Record<string, string> => {
  if (period === 'range') return { [PERIOD_PARAM]: period, ...range };
  return period === DEFAULT_PERIOD ? {} : { [PERIOD_PARAM]: period };
};

/** `?from=…&to=…&period=…` of a query, for the report's address. */
export const querySearch = (query: StatisticsQuery) =>
  new URLSearchParams({
    [FROM_PARAM]: query.from,
    [TO_PARAM]: query.to,
    ...(query.period ? { [PERIOD_PARAM]: query.period } : {}),
  }).toString();

/** The report's address names its days: read them as they are (a range of any period kind). */
export const readReportQuery = (params: URLSearchParams): StatisticsQuery | null => {
  const from = params.get(FROM_PARAM) ?? '';
  const to = params.get(TO_PARAM) ?? '';
  if (rangeProblem(from, to)) return null;
  const asked = params.get(PERIOD_PARAM);
  const period = statisticsPeriods.find((one) => one === asked);
  return period ? { from, to, period } : { from, to };
};

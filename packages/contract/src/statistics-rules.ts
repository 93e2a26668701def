/**
 * « Statistiques » (issue 35): plain values and rules shared by the server and the web app
 * (the schemas are in `statistics.ts`).
 */

/** The player reports what it played this often while playing (and on pause, seek, end, hide). */
export const HEARTBEAT_SECONDS = 10;

/** A view counts once this much of a video (or the whole of a shorter one) has been played. */
export const VIEW_AFTER_SECONDS = 10;

/** A viewer counts one view of a video per this many seconds, whatever they replay. */
export const VIEW_EVERY_SECONDS = 3600;

/** The retention curve's steps: how many viewers played each 1 % of the video. */
export const RETENTION_STEPS = 100;

/** A live's viewers are kept this often (the viewer count the direct page shows). */
export const LIVE_SAMPLE_SECONDS = 10;

/** The longest range one statistics request may ask for, in days (three school years). */
export const MAX_STATISTICS_DAYS = 3 * 366;

/** The school year starts on 1 September (month 9) and ends on 31 August. */
export const SCHOOL_YEAR_FIRST_MONTH = 9;

/** The periods the pages offer; `range` is a chosen one (from, to). */
export const statisticsPeriods = ['7d', '30d', 'year', 'range'] as const;
export type StatisticsPeriod = (typeof statisticsPeriods)[number];

/** A day as `YYYY-MM-DD` (the site's days, in its time zone). */
export type DayString = string;

const DAY_MS = 86_400_000;

const toDay = (ms: number): DayString => new Date(ms).toISOString().slice(0, 10);
const fromDay = (day: DayString): number => Date.parse(`${day}T00:00:00Z`);

/** `day` moved by `days` (negative: back). */
export const addDays = (day: DayString, days: number): DayString =>
  toDay(fromDay(day) + days * DAY_MS);

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: DayString, to: DayString): number =>
  Math.round((fromDay(to) - fromDay(from)) / DAY_MS) + 1;

/** Every day of a range, in order. */
export const daysOf = (from: DayString, to: DayString): DayString[] =>
  Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) => addDays(from, i));

/** The school year that holds `day`: 1 September to 31 August. */
export const schoolYearOf = (day: DayString): { from: DayString; to: DayString } => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const first = month >= SCHOOL_YEAR_FIRST_MONTH ? year : year - 1;
  return { from: `${first}-09-01`, to: `${first + 1}-08-31` };
};

/**
 * The days a period covers, ending `today`: the last 7 or 30 days, or the school year so far
 * (its days to come hold nothing yet).
 */
export const periodDays = (
  period: Exclude<StatisticsPeriod, 'range'>,
  today: DayString,
): { from: DayString; to: DayString } => {
  if (period === 'year') return { from: schoolYearOf(today).from, to: today };
  return { from: addDays(today, period === '7d' ? -6 : -29), to: today };
};

/** `day` a year earlier (29 February becomes 28 February). */
const yearBefore = (day: DayString): DayString => {
  const [year, month, date] = day.split('-') as [string, string, string];
  const moved = `${Number(year) - 1}-${month}-${date === '29' && month === '02' ? '28' : date}`;
  return moved;
};

/**
 * The period a range is compared with: the same days of the school year before for `year`,
 * else as many days just before it.
 */
export const previousRange = (
  from: DayString,
  to: DayString,
  period?: StatisticsPeriod,
): { from: DayString; to: DayString } => {
  if (period === 'year') return { from: yearBefore(from), to: yearBefore(to) };
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
};

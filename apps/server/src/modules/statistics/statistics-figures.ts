import { RETENTION_STEPS, daysOf, type PeriodTotals, type SiteDay } from '@plateau/contract';

interface DayRow {
  day: string;
  views: number;
  viewers: number;
  seconds: number;
  storageBytes?: number | null;
}

/** Every day of the range, those without a row at zero (charts keep their time axis). */
export const siteDaysOf = (
  from: string,
  to: string,
  rows: DayRow[],
  uploads: Map<string, number> = new Map(),
): SiteDay[] => {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(from, to).map((day) => {
    const row = byDay.get(day);
    return {
      day,
      views: row?.views ?? 0,
      viewers: row?.viewers ?? 0,
      seconds: row?.seconds ?? 0,
      uploads: uploads.get(day) ?? 0,
      storageBytes: row?.storageBytes ?? null,
    };
  });
};

export const periodTotals = (rows: DayRow[]): PeriodTotals => ({
  views: rows.reduce((sum, row) => sum + row.views, 0),
  viewerDays: rows.reduce((sum, row) => sum + row.viewers, 0),
  seconds: rows.reduce((sum, row) => sum + row.seconds, 0),
});

/** The retention rows as one value per step, missing steps at zero. */
export const retentionCurve = (rows: { step: number; views: number }[]): number[] => {
  const curve = new Array<number>(RETENTION_STEPS).fill(0);
  for (const row of rows)
    if (row.step >= 0 && row.step < RETENTION_STEPS) curve[row.step] = row.views;
  return curve;
};

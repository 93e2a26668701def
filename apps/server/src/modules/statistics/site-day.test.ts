import { describe, expect, it } from 'vitest';
import { siteDayOf } from './site-day.ts';

describe("the site's day of an instant", () => {
  it('changes on the millisecond of midnight, the last answer kept or not', () => {
    const dayOf = siteDayOf('Europe/Paris');
    // Midnight of 30 March 2025 in Paris (UTC+01:00): 23:00 UTC the day before.
    const midnight = Date.UTC(2025, 2, 29, 23, 0, 0);
    expect(dayOf(midnight - 1)).toBe('2025-03-29');
    expect(dayOf(midnight)).toBe('2025-03-30');
    expect(dayOf(midnight - 1)).toBe('2025-03-29');
    expect(dayOf(midnight + 30_000)).toBe('2025-03-30');
  });

  it('holds where midnight is not on a whole hour of UTC', () => {
    const dayOf = siteDayOf('Asia/Kathmandu'); // UTC+05:45
    const midnight = Date.UTC(2026, 8, 1, 0, 0, 0) - (5 * 60 + 45) * 60_000;
    expect(dayOf(midnight - 1)).toBe('2026-08-31');
    expect(dayOf(midnight)).toBe('2026-09-01');
  });
});

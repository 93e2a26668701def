import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('formatDate', () => {
  it('writes day, French month name and year', () => {
    expect(formatDate('2026-02-03T10:00:00Z')).toBe('3 février 2026');
    expect(formatDate(new Date('2025-08-15T12:00:00Z'))).toBe('15 août 2025');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatDate('pas une date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes the day and the minute in Paris time', () => {
    expect(formatDateTime('2026-12-04T22:10:00Z')).toBe('4 décembre 2026 à 23:10');
    expect(formatDateTime('2026-07-01T08:05:00Z')).toBe('1 juillet 2026 à 10:05');
    expect(formatDateTime('n’importe quoi')).toBe('');
  });
});

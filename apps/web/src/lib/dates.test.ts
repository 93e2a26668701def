import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

describe('formatDate', () => {
  it('writes day, French month name and year', () => {
    expect(formatDate('2026-02-03T10:00:00Z')).toBe('3 février 2026');
    expect(formatDate(new Date('2025-08-15T12:00:00Z'))).toBe('15 août 2025');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatDate('pas une date')).toBe('');
  });
});

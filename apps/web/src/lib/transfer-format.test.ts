import { describe, expect, it } from 'vitest';
import { formatBytes, formatSpeed, formatTimeLeft, transferLine } from './transfer-format.ts';

// Intl writes a narrow no-break space between thousands and before nothing else here.
const plain = (text: string) => text.replace(/\u202f|\u00a0/g, ' ');

describe('transfer formatting', () => {
  it('writes sizes and speeds in French units with a decimal comma', () => {
    expect(formatBytes(512)).toBe('1 Ko');
    expect(formatBytes(850 * 1024)).toBe('850 Ko');
    expect(formatBytes(12.4 * 1024 ** 2)).toBe('12,4 Mo');
    expect(formatBytes(245.6 * 1024 ** 2)).toBe('246 Mo');
    expect(formatBytes(2.34 * 1024 ** 3)).toBe('2,3 Go');
    expect(formatSpeed(12.4 * 1024 ** 2)).toBe('12,4 Mo/s');
  });

  it('says the time left roughly', () => {
    expect(formatTimeLeft(4)).toBe('quelques secondes restantes');
    expect(formatTimeLeft(37)).toBe('environ 40 s restantes');
    expect(formatTimeLeft(61)).toBe('environ 2 min restantes');
    expect(formatTimeLeft(57)).toBe('environ 1 min restante');
    expect(formatTimeLeft(60)).toBe('environ 1 min restante');
    expect(formatTimeLeft(3 * 3600 + 5 * 60)).toBe('environ 3 h 05 restantes');
    expect(formatTimeLeft(7200)).toBe('environ 2 h restantes');
  });

  it('joins speed and time left, and says nothing before the first measure', () => {
    expect(plain(transferLine(12.4 * 1024 ** 2, 170) ?? '')).toBe(
      '12,4 Mo/s · environ 3 min restantes',
    );
    expect(transferLine(null, null)).toBeNull();
  });
});

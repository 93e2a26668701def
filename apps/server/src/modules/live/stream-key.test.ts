import { describe, expect, it } from 'vitest';
import { createWrongKeyLimit, isWellFormedKey, newStreamKey } from './stream-key.ts';

describe('stream keys', () => {
  it('are 32 random URL-safe characters, each new one different', () => {
    const keys = new Set(Array.from({ length: 100 }, newStreamKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(isWellFormedKey(key) && key.length === 32).toBe(true);
  });

  it('refuse anything that cannot be a key before the database is asked', () => {
    expect(isWellFormedKey('a'.repeat(23))).toBe(false);
    expect(isWellFormedKey('a'.repeat(65))).toBe(false);
    expect(isWellFormedKey(`${'a'.repeat(30)}/..`)).toBe(false);
    expect(isWellFormedKey('a'.repeat(24))).toBe(true);
  });

  it('block an address after 5 wrong keys in a minute, and only that address, for the minute', () => {
    let now = 0;
    const limit = createWrongKeyLimit(() => now);
    for (let i = 0; i < 4; i += 1) limit.fail('10.0.0.1');
    expect(limit.blocked('10.0.0.1')).toBe(false);
    limit.fail('10.0.0.1');
    expect(limit.blocked('10.0.0.1')).toBe(true);
    expect(limit.blocked('10.0.0.2')).toBe(false);
    now += 61_000;
    expect(limit.blocked('10.0.0.1')).toBe(false);
  });

  it('keep blocking an address that keeps trying through a flood of rotating addresses', () => {
    let now = 0;
    const limit = createWrongKeyLimit(() => now);
    for (let i = 0; i < 5; i += 1) limit.fail('10.0.0.1');
    const lifted: number[] = [];
    // 100,000 addresses, ten times what the limit follows, one wrong key each within the minute.
    for (let n = 0; n < 100_000; n += 1) {
      limit.fail(`2001:db8::${n.toString(16)}`);
      now += 0.5;
      // The blocked address comes back every few hundred of them, and is refused each time.
      if (n % 500 === 0 && !limit.blocked('10.0.0.1')) lifted.push(n);
    }
    expect(lifted).toEqual([]);
    now += 11_000;
    expect(limit.blocked('10.0.0.1')).toBe(false);
  });
});

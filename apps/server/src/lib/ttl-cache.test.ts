import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

const manualClock = () => {
  let now = 1000;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
};

describe('createTtlCache', () => {
  it('keeps an entry for its TTL and forgets it after', () => {
    const { clock, advance } = manualClock();
    const cache = createTtlCache<string>({ ttlMs: 5000, maxEntries: 10, clock });
    cache.set('a', 'A');
    advance(4999);
    expect(cache.get('a')).toBe('A');
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets an entry at its own expiry when that comes before the TTL', () => {
    const { clock, advance } = manualClock();
    const cache = createTtlCache<string>({ ttlMs: 5000, maxEntries: 10, clock });
    cache.set('token', 'viewer', clock() + 2000);
    advance(2000);
    expect(cache.get('token')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = createTtlCache<number>({ ttlMs: 5000, maxEntries: 3 });
    for (const n of [1, 2, 3, 4]) cache.set(`k${n}`, n);
    expect(cache.size).toBe(3);
    expect(cache.get('k1')).toBeUndefined();
    expect([cache.get('k2'), cache.get('k3'), cache.get('k4')]).toEqual([2, 3, 4]);
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = createTtlCache<number>({ ttlMs: 0, maxEntries: 3 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});

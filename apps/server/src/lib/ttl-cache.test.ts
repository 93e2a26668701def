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

  it('drops the least recently used first: a key read since stays', () => {
    const cache = createTtlCache<number>({ ttlMs: 5000, maxEntries: 3 });
    for (const n of [1, 2, 3]) cache.set(`k${n}`, n);
    expect(cache.get('k1')).toBe(1);
    cache.set('k4', 4);
    expect(cache.get('k2')).toBeUndefined();
    expect([cache.get('k1'), cache.get('k3'), cache.get('k4')]).toEqual([1, 3, 4]);
  });

  it('stays at its bound under a flood of distinct keys, and the keys in use survive it', () => {
    const cache = createTtlCache<number>({ ttlMs: 60_000, maxEntries: 1000 });
    const inUse = ['session', 'segment', 'playlist'];
    for (const key of inUse) cache.set(key, 0);
    let largest = 0;
    const lost: string[] = [];
    for (let n = 0; n < 100_000; n += 1) {
      cache.set(`flood-${n}`, n);
      largest = Math.max(largest, cache.size);
      // Read as often as a player asks: far less often than the flood brings new keys.
      if (n % 500 === 0) lost.push(...inUse.filter((key) => cache.get(key) !== 0));
    }
    expect(largest).toBe(1000);
    expect(cache.size).toBe(1000);
    expect(lost).toEqual([]);
    for (const key of inUse) expect(cache.get(key)).toBe(0);
    expect(cache.get('flood-0')).toBeUndefined();
    expect(cache.get('flood-99999')).toBe(99_999);
  });

  it('drops in least-recently-used order through any mix of reads, writes and deletes', () => {
    const cache = createTtlCache<number>({ ttlMs: 60_000, maxEntries: 8 });
    const model: string[] = []; // the same cache, least recently used first
    let seed = 1;
    const random = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
    const wrong: number[] = [];
    for (let step = 0; step < 20_000; step += 1) {
      const key = `k${random(20)}`;
      const at = model.indexOf(key);
      const operation = random(3);
      if (operation === 0) {
        if ((cache.get(key) !== undefined) !== at >= 0) wrong.push(step);
        if (at >= 0) model.push(...model.splice(at, 1));
      } else if (operation === 1) {
        cache.set(key, step);
        if (at >= 0) model.splice(at, 1);
        else if (model.length === 8) model.shift();
        model.push(key);
      } else {
        cache.delete(key);
        if (at >= 0) model.splice(at, 1);
      }
      if (cache.size !== model.length) wrong.push(step);
    }
    expect(wrong).toEqual([]);
    expect(model.map((key) => cache.get(key) !== undefined)).toEqual(model.map(() => true));
  });

  it('forgets a key on delete', () => {
    const cache = createTtlCache<number>({ ttlMs: 5000, maxEntries: 3 });
    cache.set('a', 1);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = createTtlCache<number>({ ttlMs: 0, maxEntries: 3 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});

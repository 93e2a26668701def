import { randomBytes } from 'node:crypto';
import { createTtlCache, monotonicClock, type Clock } from '../../lib/ttl-cache.ts';

/** 32 characters of base64url: 192 random bits, well over the 24 characters asked for. */
export const newStreamKey = () => randomBytes(24).toString('base64url');

/** What a key can look like; anything else is refused before the database is asked. */
export const isWellFormedKey = (key: string) => /^[A-Za-z0-9_-]{24,64}$/.test(key);

const WINDOW_MS = 60_000;
const MAX_WRONG = 5;
/** Addresses followed at once, the least recently seen dropped first. */
const MAX_ADDRESSES = 10_000;

/**
 * Wrong keys per address: past 5 in a minute, the address is refused without a lookup until
 * the minute is over, so guessing a 192-bit key is not even tried at speed. An address that
 * keeps trying stays among the most recently seen: a flood of other addresses does not lift
 * its block.
 */
export const createWrongKeyLimit = (clock: Clock = monotonicClock) => {
  const failures = createTtlCache<{ count: number }>({
    ttlMs: WINDOW_MS,
    maxEntries: MAX_ADDRESSES,
    clock,
  });
  return {
    fail(address: string) {
      const entry = failures.get(address);
      if (entry) entry.count += 1;
      else failures.set(address, { count: 1 });
    },
    blocked: (address: string) => (failures.get(address)?.count ?? 0) >= MAX_WRONG,
  };
};

import { randomBytes } from 'node:crypto';

/** 32 characters of base64url: 192 random bits, well over the 24 characters asked for. */
export const newStreamKey = () => randomBytes(24).toString('base64url');

/** What a key can look like; anything else is refused before the database is asked. */
export const isWellFormedKey = (key: string) => /^[A-Za-z0-9_-]{24,64}$/.test(key);

const WINDOW_MS = 60_000;
const MAX_WRONG = 5;
const MAX_ADDRESSES = 10_000;

/**
 * Wrong keys per address: past 5 in a minute, the address is refused without a lookup until
 * the minute is over, so guessing a 192-bit key is not even tried at speed.
 */
export const createWrongKeyLimit = (now: () => number = Date.now) => {
  const failures = new Map<string, { count: number; since: number }>();
  const current = (address: string) => {
    const entry = failures.get(address);
    if (entry && now() - entry.since > WINDOW_MS) {
      failures.delete(address);
      return undefined;
    }
    return entry;
  };
  return {
    fail(address: string) {
      const entry = current(address);
      if (entry) entry.count += 1;
      else {
        if (failures.size >= MAX_ADDRESSES) failures.clear();
        failures.set(address, { count: 1, since: now() });
      }
    },
    blocked: (address: string) => (current(address)?.count ?? 0) >= MAX_WRONG,
  };
};

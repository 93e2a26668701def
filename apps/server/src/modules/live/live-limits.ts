import type { LiveConfig } from '../../config.ts';
import { problems } from './live-problems.ts';

type Limits = Pick<LiveConfig, 'maxHeight' | 'maxKbps' | 'maxHours' | 'minFreeMb'>;

/**
 * Why a stream is refused before anything is opened (no live, no file), or undefined; in the
 * order the geek fixes them: codecs, size, the server's disk.
 */
export const streamRefusal = (
  limits: Limits,
  at: {
    /** The stream's codecs refusal, from the ingest. */
    codecs: string | undefined;
    height: number;
    freeMb: number;
  },
): string | undefined => {
  if (at.codecs) return at.codecs;
  if (at.height > limits.maxHeight) return problems.tooHigh(at.height, limits.maxHeight);
  if (at.freeMb < limits.minFreeMb) return problems.diskFull;
  return undefined;
};

/**
 * What a running live's limits say now: a problem and what it does (the encoder is cut and
 * may come back fixed, or the live ends: its duration is over), or undefined. A bitrate is
 * over only past half again the cap (encoders overshoot in bursts).
 */
export const limitBreach = (
  limits: Limits,
  now: { kbps: number; freeMb: number; hours: number },
): { message: string; ends: boolean } | undefined => {
  if (now.kbps > limits.maxKbps * 1.5) {
    return { message: problems.tooManyKbps(Math.round(now.kbps), limits.maxKbps), ends: false };
  }
  if (now.freeMb < limits.minFreeMb) return { message: problems.diskFull, ends: false };
  if (now.hours >= limits.maxHours) {
    return { message: problems.tooLong(limits.maxHours), ends: true };
  }
  return undefined;
};

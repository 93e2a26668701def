import { badRequest, HttpError } from '../../lib/errors.ts';
import type { LowLatencyVariant } from './low-latency-variant.ts';

/**
 * The requests of a low-latency player (RFC 8216bis 6.2.5): blocking playlist reloads
 * (`_HLS_msn`, `_HLS_part`), delta updates (`_HLS_skip`), and the preload hint's part asked
 * before it exists. Waiting costs an entry in the variant's list, no timer; one viewer (an
 * account, or an address for visitors) has a bounded number of requests waiting at once.
 */

/** A low-latency file's name: a segment, a part (`p`), or an init; nothing else is served. */
export const LOW_LATENCY_FILE =
  /^(?:ll-[0-9a-z]{1,12}-p?\d{1,9}\.m4s|init-[0-9a-z]{1,12}-\d{1,6}\.mp4)$/;

export interface BlockingQuery {
  _HLS_msn?: number;
  _HLS_part?: number;
  _HLS_skip?: 'YES' | 'v2';
}

/**
 * Requests one viewer may have waiting at once: a player holds a playlist and a part per
 * variant it loads; visitors of a public live may share a school's address.
 */
const WAITING_PER_ACCOUNT = 16;
const WAITING_PER_ADDRESS = 256;

export const tooManyWaiting = () =>
  new HttpError(429, 'Trop de requêtes en attente pour ce direct : réessayez dans un instant');

/** Refused at once (RFC 8216bis 6.2.5.2): the player asked beyond the next two segments. */
export const tooFarAhead = () =>
  badRequest('_HLS_msn dépasse de plus de deux segments la fin de la playlist');

/**
 * Holds a viewer's blocking request while it waits, within the viewer's share of waiting
 * requests (low-latency and standard playlists alike).
 */
export const createWaitingLimit = () => {
  const waiting = new Map<string, number>();
  /** `who` as live-hls names viewers: `u<id>` for an account, `a<address>` for a visitor. */
  return async <T>(who: string, wait: () => Promise<T>): Promise<T> => {
    const count = waiting.get(who) ?? 0;
    const limit = who.startsWith('u') ? WAITING_PER_ACCOUNT : WAITING_PER_ADDRESS;
    if (count >= limit) throw tooManyWaiting();
    waiting.set(who, count + 1);
    try {
      return await wait();
    } finally {
      const left = (waiting.get(who) ?? 1) - 1;
      if (left === 0) waiting.delete(who);
      else waiting.set(who, left);
    }
  };
};

export type WaitingLimit = ReturnType<typeof createWaitingLimit>;

export const createLowLatencyRequests = (held: WaitingLimit) => {
  return {
    /** The playlist, once what the player asked for is listed (or at once). */
    async playlist(variant: LowLatencyVariant, query: BlockingQuery, who: string) {
      const { _HLS_msn: msn, _HLS_part: part } = query;
      if (part !== undefined && msn === undefined) {
        throw badRequest('_HLS_part demande aussi _HLS_msn');
      }
      if (msn !== undefined) {
        const check = variant.check(msn, part);
        if (check === 'too-far') throw tooFarAhead();
        if (check === 'wait') await held(who, () => variant.whenListed(msn, part));
      }
      return variant.playlist({ skip: query._HLS_skip !== undefined });
    },

    /** A part, segment or init from memory; the preload hint's part once it is cut. */
    async bytes(variant: LowLatencyVariant, name: string, who: string) {
      const kept = variant.bytesOf(name);
      if (kept || !variant.isNextPart(name)) return kept;
      return held(who, () => variant.nextPartBytes(name));
    },
  };
};

export type LowLatencyRequests = ReturnType<typeof createLowLatencyRequests>;

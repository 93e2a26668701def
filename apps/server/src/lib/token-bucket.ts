/** Allowances followed at once (the oldest are forgotten first). */
const MAX_FOLLOWED = 100_000;

/**
 * A token bucket per identity (an account, or an address and browser): `burst` in a row, then
 * one every `everySeconds`; a flood is refused with the seconds to wait. In memory: each
 * process limits what it receives (statistics' heartbeats, chat messages).
 */
export const createTokenBucket = ({
  burst,
  everySeconds,
  now = Date.now,
}: {
  burst: number;
  everySeconds: number;
  now?: () => number;
}) => {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Seconds to wait before the next one, or 0 when this one is taken. */
    take(identity: string): number {
      const at = now();
      const found = buckets.get(identity);
      const tokens = found
        ? Math.min(burst, found.tokens + (at - found.at) / (everySeconds * 1000))
        : burst;
      if (tokens < 1) {
        buckets.set(identity, { tokens, at });
        return Math.ceil((1 - tokens) * everySeconds);
      }
      buckets.delete(identity);
      buckets.set(identity, { tokens: tokens - 1, at });
      if (buckets.size > MAX_FOLLOWED) buckets.delete(buckets.keys().next().value!);
      return 0;
    },
  };
};

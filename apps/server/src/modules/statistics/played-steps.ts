import { RETENTION_STEPS, type PlayedRange } from '@plateau/contract';

/**
 * Marks in `steps` the 1 % steps of a video that `played` covers, up to `grantedSeconds` of
 * it in order (what the viewer's time allows), and returns those not marked before.
 */
export const playedSteps = (
  played: PlayedRange[],
  duration: number,
  grantedSeconds: number,
  steps: Uint8Array,
): Uint8Array => {
  const fresh = new Uint8Array(RETENTION_STEPS);
  if (duration <= 0) return fresh;
  let left = grantedSeconds;
  for (const range of played) {
    if (left <= 0) break;
    const end = Math.min(range.end, range.start + left, duration);
    left -= range.end - range.start;
    if (end <= range.start) continue;
    const first = Math.min(
      RETENTION_STEPS - 1,
      Math.floor((range.start / duration) * RETENTION_STEPS),
    );
    const last = Math.min(RETENTION_STEPS, Math.ceil((end / duration) * RETENTION_STEPS));
    for (let step = first; step < last; step += 1) {
      if (steps[step]) continue;
      steps[step] = 1;
      fresh[step] = 1;
    }
  }
  return fresh;
};

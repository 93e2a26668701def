/**
 * A live's states and the transitions between them, as data: live.repository.ts writes each
 * transition as one conditional UPDATE from its `from` states, and the station asks here what
 * an event does, instead of deciding it in place. live -> reconnecting -> live ... -> ending ->
 * ended; at most one live per direct is not `ended`.
 */
export const liveStates = ['live', 'reconnecting', 'ending', 'ended'] as const;
export type LiveRowState = (typeof liveStates)[number];

export const liveTransitions = {
  /** The encoder is gone (or this process restarted): the reconnect grace runs. */
  lost: { from: ['live'], to: 'reconnecting' },
  /** The encoder came back within the grace: the same live, one part more. */
  resumed: { from: ['reconnecting'], to: 'live' },
  /** The grace is over, a geek ended it, or it hit its duration: its REDIFF is queued. */
  ending: { from: ['live', 'reconnecting'], to: 'ending' },
  /** The REDIFF is stored (or nothing was recorded). */
  ended: { from: ['ending'], to: 'ended' },
} as const satisfies Record<string, { from: readonly LiveRowState[]; to: LiveRowState }>;

export type LiveTransition = keyof typeof liveTransitions;

/**
 * What an encoder's publish does to the direct's open live (`undefined`: none): a new live
 * ('start'), the transitions to take in order, or 'refuse' (its REDIFF is being made).
 */
export const onPublish = (
  open: LiveRowState | undefined,
): 'start' | 'refuse' | readonly ('lost' | 'resumed')[] => {
  switch (open) {
    case undefined:
    case 'ended':
      return 'start';
    case 'reconnecting':
      return ['resumed'];
    // Live with no encoder here: this process restarted mid-live; it lost it, and it is back.
    case 'live':
      return ['lost', 'resumed'];
    case 'ending':
      return 'refuse';
  }
};

/** What ending does to the direct's open live: the transition to take, or none (already). */
export const onEnd = (open: LiveRowState | undefined): LiveTransition | null =>
  open === 'live' || open === 'reconnecting' ? 'ending' : null;

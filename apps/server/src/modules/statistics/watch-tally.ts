import { createHash, randomBytes } from 'node:crypto';
import {
  HEARTBEAT_SECONDS,
  RETENTION_STEPS,
  VIEW_AFTER_SECONDS,
  VIEW_EVERY_SECONDS,
  type PlayedRange,
} from '@plateau/contract';
import { playedSteps } from './played-steps.ts';
import { createTallySums, type TallySums } from './tally-sums.ts';

/** What a heartbeat is about: a published video (as it is now), or a live running now. */
export type WatchedSubject =
  | { kind: 'video'; id: number; version: number; duration: number | null }
  | { kind: 'live'; id: number };

export interface HeartbeatFacts {
  /** Who: `u:<id>` for an account, the address and browser for a visitor; never kept. */
  identity: string;
  subject: WatchedSubject;
  watch: string;
  sequence: number;
  played: PlayedRange[];
}

/** Playing faster than this is not believed (players offer 2x at most). */
const MAX_RATE = 2;
/** What a first heartbeat may claim: a heartbeat's worth at the top rate, and some slack. */
const FIRST_BEAT_MS = (HEARTBEAT_SECONDS * MAX_RATE + 2) * 1000;
const SLACK_MS = 2000;
/** Pages kept per viewer and subject for repeated heartbeats (tabs, reloads). */
const WATCHES_KEPT = 8;
/** Viewers followed at once; past it, a new one is not counted until others leave. */
const MAX_FOLLOWED = 200_000;

/** One viewer and one subject, for the hour of its view. */
interface Following {
  lastBeatAt: number;
  /** Played in the current view, before or after it counted. */
  playedMs: number;
  countedAt: number | null;
  /** Steps of the video played in the current view (retention). */
  steps: Uint8Array | null;
  /** Last sequence number per page (`watch`): a heartbeat sent twice counts once. */
  sequences: Map<string, number>;
}

export interface WatchTallyOptions {
  now?: () => number;
  /** The site's day of an instant, `YYYY-MM-DD`. */
  dayOf: (ms: number) => string;
}

/**
 * What the players report, added up in memory until the next write (statistics-writer.ts).
 * Viewers are told apart by a hash salted with a random value of the day (of the live, for a
 * live), kept in memory only and forgotten with its day: the same visitor on two days is two
 * strangers, in memory as in the database, which receives sums only.
 */
export const createWatchTally = ({ now = Date.now, dayOf }: WatchTallyOptions) => {
  const sums = createTallySums();
  const salts = new Map<string, Buffer>();
  const following = new Map<string, Following>();
  /** Hashes already counted as viewers, per day (or live) and subject. */
  const counted = new Map<string, Set<string>>();

  const hashOf = (saltKey: string, identity: string) => {
    let salt = salts.get(saltKey);
    if (!salt) salts.set(saltKey, (salt = randomBytes(32)));
    return createHash('sha256').update(salt).update(identity).digest('base64url').slice(0, 22);
  };

  /** True the first time this hash is counted under `scope`. */
  const firstTime = (scope: string, hash: string) => {
    let hashes = counted.get(scope);
    if (!hashes) counted.set(scope, (hashes = new Set()));
    if (hashes.has(hash)) return false;
    hashes.add(hash);
    return true;
  };

  const countView = (facts: HeartbeatFacts, day: string, hashes: { day: string; own: string }) => {
    const { subject } = facts;
    const siteViewer = firstTime(`${day}|site`, hashes.day) ? 1 : 0;
    sums.addSite(day, { views: 1, viewers: siteViewer, seconds: 0 });
    if (subject.kind === 'video') {
      const viewer = firstTime(`${day}|video:${subject.id}`, hashes.own) ? 1 : 0;
      sums.addVideoDay(subject.id, day, { views: 1, viewers: viewer, seconds: 0 });
    } else if (firstTime(`live:${subject.id}`, hashes.own)) {
      sums.addLive(subject.id, { viewers: 1, seconds: 0 });
    }
  };

  const addSeconds = (subject: WatchedSubject, day: string, seconds: number) => {
    if (seconds <= 0) return;
    sums.addSite(day, { views: 0, viewers: 0, seconds });
    if (subject.kind === 'video')
      sums.addVideoDay(subject.id, day, { views: 0, viewers: 0, seconds });
    else sums.addLive(subject.id, { viewers: 0, seconds });
  };

  const addRetention = (subject: WatchedSubject, steps: Uint8Array, only?: Uint8Array) => {
    if (subject.kind !== 'video') return;
    for (let step = 0; step < RETENTION_STEPS; step += 1) {
      if (steps[step] && (!only || only[step]))
        sums.addRetention(subject.id, subject.version, step);
    }
  };

  return {
    /** Adds one heartbeat; `repeated` when it was counted already (sent twice, replayed). */
    beat(facts: HeartbeatFacts): 'counted' | 'repeated' | 'full' {
      const at = now();
      const day = dayOf(at);
      const { subject } = facts;
      const subjectKey = `${subject.kind}:${subject.id}`;
      const hashes = {
        day: hashOf(day, facts.identity),
        own: subject.kind === 'live' ? hashOf(subjectKey, facts.identity) : undefined,
      };
      const own = hashes.own ?? hashes.day;
      const key = `${own}|${subjectKey}`;
      let follow = following.get(key);
      if (!follow) {
        if (following.size >= MAX_FOLLOWED) return 'full';
        follow = {
          lastBeatAt: -Infinity,
          playedMs: 0,
          countedAt: null,
          steps: null,
          sequences: new Map(),
        };
        following.set(key, follow);
      }
      const last = follow.sequences.get(facts.watch);
      if (last !== undefined && facts.sequence <= last) return 'repeated';
      follow.sequences.delete(facts.watch);
      follow.sequences.set(facts.watch, facts.sequence);
      if (follow.sequences.size > WATCHES_KEPT) {
        follow.sequences.delete(follow.sequences.keys().next().value!);
      }

      // What one viewer may claim is bounded by the time that passed: forged or replayed
      // heartbeats add nothing beyond their own viewing.
      const allowedMs =
        follow.lastBeatAt === -Infinity
          ? FIRST_BEAT_MS
          : Math.min(FIRST_BEAT_MS * 30, (at - follow.lastBeatAt) * MAX_RATE + SLACK_MS);
      follow.lastBeatAt = at;
      if (follow.countedAt !== null && at - follow.countedAt >= VIEW_EVERY_SECONDS * 1000) {
        follow.countedAt = null;
        follow.playedMs = 0;
        follow.steps = null;
      }
      const claimedMs = facts.played.reduce((sum, r) => sum + (r.end - r.start) * 1000, 0);
      const grantedMs = Math.min(claimedMs, allowedMs);
      follow.playedMs += grantedMs;
      addSeconds(subject, day, grantedMs / 1000);

      let fresh: Uint8Array | undefined;
      if (subject.kind === 'video' && subject.duration !== null) {
        follow.steps ??= new Uint8Array(RETENTION_STEPS);
        fresh = playedSteps(facts.played, subject.duration, grantedMs / 1000, follow.steps);
      }
      if (follow.countedAt === null) {
        const needed =
          subject.kind === 'video' && subject.duration !== null
            ? Math.min(VIEW_AFTER_SECONDS, subject.duration * 0.9)
            : VIEW_AFTER_SECONDS;
        if (follow.playedMs >= needed * 1000) {
          follow.countedAt = at;
          countView(facts, day, { day: hashes.day, own });
          if (follow.steps) addRetention(subject, follow.steps);
        }
      } else if (fresh) {
        addRetention(subject, fresh);
      }
      return 'counted';
    },

    /** The sums added since the last take, emptied. */
    take: (): TallySums => sums.take(),
    /** Sums a write could not store, added back for the next one. */
    putBack: (taken: TallySums) => sums.putBack(taken),

    /**
     * Forgets viewers whose hour is over and nothing since, and every other day's salt and
     * viewers: from then on nothing in this process can tell yesterday's visitor again.
     */
    sweep() {
      const at = now();
      const today = dayOf(at);
      for (const [key, follow] of following) {
        if (at - follow.lastBeatAt > VIEW_EVERY_SECONDS * 1000) following.delete(key);
      }
      const liveSalts = new Set(
        [...following.keys()].map((key) => key.split('|')[1]!).filter((k) => k.startsWith('live:')),
      );
      for (const key of salts.keys()) {
        if (key !== today && !liveSalts.has(key)) salts.delete(key);
      }
      for (const scope of counted.keys()) {
        const [first] = scope.split('|');
        if (first !== today && !liveSalts.has(first!)) counted.delete(scope);
      }
    },

    /** Viewers followed now (metrics, tests). */
    followed: () => following.size,
  };
};

export type WatchTally = ReturnType<typeof createWatchTally>;

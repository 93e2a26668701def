import { LIVE_SAMPLE_SECONDS } from '@plateau/contract';
import type { Database } from '../../db/client.ts';
import * as repository from './statistics.repository.ts';
import type { TallySums } from './tally-sums.ts';
import type { WatchTally } from './watch-tally.ts';

/** How often the sums in memory are added to the database: what a kill -9 may lose. */
export const WRITE_EVERY_MS = 5_000;
/** How often the media stored is measured (the last measure of a day stays). */
const STORAGE_EVERY_MS = 3_600_000;
/** How often viewers whose hour is over, and yesterday's salt, are forgotten. */
const SWEEP_EVERY_MS = 60_000;

const isEmpty = (sums: TallySums) =>
  sums.videoDays.length + sums.siteDays.length + sums.retention.length + sums.lives.length === 0;

export interface StatisticsWriterDeps {
  db: Database;
  tally: WatchTally;
  /** A direct's viewers now (the live module's count, shared by every process). */
  viewersNow: (directId: number) => Promise<number>;
  /** Bytes of media stored now. */
  storageUsed: () => Promise<number>;
  dayOf: (ms: number) => string;
  onError: (what: string, error: unknown) => void;
  now?: () => number;
  /** WRITE_EVERY_MS and LIVE_SAMPLE_SECONDS unless given (tests). */
  everyMs?: { write: number; liveSample: number };
}

/**
 * Writes what the tally added up: its sums every few seconds and when the app closes, the
 * viewers of every running live every LIVE_SAMPLE_SECONDS, the media stored every hour.
 */
export const startStatisticsWriter = (deps: StatisticsWriterDeps) => {
  const { db, tally, now = Date.now } = deps;
  let writing: Promise<void> | undefined;

  const write = async () => {
    const sums = tally.take();
    if (isEmpty(sums)) return;
    try {
      await repository.addSums(db, sums);
    } catch (error) {
      // Kept for the next write: a database away for a moment loses nothing.
      tally.putBack(sums);
      throw error;
    }
  };

  /** One write at a time: the next tick takes what came meanwhile. */
  const writeNow = () =>
    (writing ??= write()
      .catch((error) => deps.onError('writing the statistics failed', error))
      .finally(() => (writing = undefined)));

  const sampleLives = async () => {
    const slotMs = Math.floor(now() / (LIVE_SAMPLE_SECONDS * 1000)) * LIVE_SAMPLE_SECONDS * 1000;
    const running = await repository.runningLives(db);
    const samples = await Promise.all(
      running.map(async (live) => ({
        liveId: live.id,
        viewers: await deps.viewersNow(live.directId),
      })),
    );
    await repository.addLiveSamples(db, new Date(slotMs), samples);
  };

  const measureStorage = async () => {
    await repository.setStorage(db, deps.dayOf(now()), await deps.storageUsed());
  };

  const every = (ms: number, task: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => void task().catch((error) => deps.onError(what, error)), ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(deps.everyMs?.write ?? WRITE_EVERY_MS, writeNow, 'writing the statistics failed'),
    every(
      deps.everyMs?.liveSample ?? LIVE_SAMPLE_SECONDS * 1000,
      sampleLives,
      'keeping the live viewers failed',
    ),
    every(STORAGE_EVERY_MS, measureStorage, 'measuring the media stored failed'),
    every(SWEEP_EVERY_MS, async () => tally.sweep(), 'forgetting old viewers failed'),
  ];
  // A site just started has its day's storage measured soon, not in an hour.
  const firstMeasure = setTimeout(
    () =>
      void measureStorage().catch((error) =>
        deps.onError('measuring the media stored failed', error),
      ),
    SWEEP_EVERY_MS,
  );
  firstMeasure.unref();
  timers.push(firstMeasure);

  return {
    writeNow,
    sampleLives,
    measureStorage,
    /** Stops the timers and writes what is left (the app closes). */
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await writing;
      await writeNow();
    },
  };
};

export type StatisticsWriter = ReturnType<typeof startStatisticsWriter>;

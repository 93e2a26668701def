import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { transactionBossDb } from './boss-db.ts';

/**
 * The pg-boss queue of cuts (« Montage », issue 34): one job per cut asked, queued in the
 * transaction that records it, so a cut is recorded exactly when its job exists.
 */
export const TRIM_QUEUE = 'video-trim';

export interface TrimJobData {
  videoId: number;
  /** The version the cut writes: a job of an earlier cut of the same video finds it replaced. */
  toVersion: number;
}

/** A cut killed mid-way (a crash, a restart) is done again from the start, twice at most. */
const CRASH_RETRIES = 2;

export const ensureTrimQueue = async (boss: PgBoss): Promise<void> => {
  await boss.createQueue(TRIM_QUEUE, {
    name: TRIM_QUEUE,
    policy: 'singleton',
    retryLimit: CRASH_RETRIES,
    retryDelay: 5,
  });
};

export const sendTrimJob = (
  boss: PgBoss,
  tx: Executor,
  data: TrimJobData,
  config: Pick<Config, 'encodeJobTimeoutSeconds'>,
): Promise<string | null> =>
  boss.send(TRIM_QUEUE, data, {
    singletonKey: String(data.videoId),
    expireInSeconds: config.encodeJobTimeoutSeconds,
    retryLimit: CRASH_RETRIES,
    retryDelay: 5,
    db: transactionBossDb(tx),
  });

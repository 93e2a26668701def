import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { transactionBossDb } from './boss-db.ts';

/**
 * The pg-boss queue of REDIFFs: one job per ended live, queued in the transaction that marks
 * it `ending`, worked by the process running the live ingest (the parts are on its disk).
 */
export const REDIFF_QUEUE = 'live-rediff';

export interface RediffJobData {
  liveId: number;
}

/**
 * A join cut by a shutdown or a crash is done again by the next worker (the parts stay until
 * the REDIFF is stored); past these retries the live stays `ending`, and the station's next
 * start queues it again.
 */
const RETRIES = 5;

export const ensureRediffQueue = async (boss: PgBoss): Promise<void> => {
  await boss.createQueue(REDIFF_QUEUE, {
    name: REDIFF_QUEUE,
    policy: 'singleton',
    retryLimit: RETRIES,
    retryDelay: 5,
  });
};

/** Queues the live's REDIFF inside `tx`; nothing new when one is already queued or running. */
export const sendRediffJob = async (
  boss: PgBoss,
  tx: Executor,
  liveId: number,
  config: Pick<Config, 'encodeJobTimeoutSeconds'>,
): Promise<string | null> =>
  boss.send(REDIFF_QUEUE, { liveId } satisfies RediffJobData, {
    singletonKey: String(liveId),
    expireInSeconds: config.encodeJobTimeoutSeconds,
    retryLimit: RETRIES,
    retryDelay: 5,
    db: transactionBossDb(tx),
  });

import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { RENDITION_UPGRADE_QUEUE, type RenditionUpgradeOutput } from './rendition-upgrade-queue.ts';

/** What `media status` and the Système view read of pg-boss's tables about conversion runs. */

/** Runs marked active other than `jobId`: with the run lock held, their worker is gone. */
export const otherActiveRuns = async (db: Executor, jobId: string): Promise<string[]> => {
  const result = (await db.execute(sql`
    select id from pgboss.job
    where name = ${RENDITION_UPGRADE_QUEUE} and state = 'active' and id <> ${jobId}::uuid
  `)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
};

/** Whether a run waits to be taken. */
export const runWaiting = async (db: Executor): Promise<boolean> => {
  const result = (await db.execute(sql`
    select exists (
      select 1 from pgboss.job
      where name = ${RENDITION_UPGRADE_QUEUE} and state in ('created', 'retry')
    ) as waiting
  `)) as unknown as { rows: { waiting: boolean }[] };
  return result.rows[0]?.waiting === true;
};

/**
 * The last error of the latest finished run that said anything (a run that found nothing to do
 * says nothing): its output's `lastError`, or pg-boss's message for a run that failed; pg-boss
 * moves finished jobs to its archive after 12 hours, so both are read.
 */
export const lastRunError = async (db: Executor): Promise<string | null> => {
  const result = (await db.execute(sql`
    select state, output from (
      select state, output, completed_on from pgboss.job
      where name = ${RENDITION_UPGRADE_QUEUE} and state in ('completed', 'failed')
      union all
      select state, output, completed_on from pgboss.archive
      where name = ${RENDITION_UPGRADE_QUEUE} and state in ('completed', 'failed')
    ) runs
    where output is not null
    order by completed_on desc nulls last
    limit 1
  `)) as unknown as {
    rows: { state: string; output: (RenditionUpgradeOutput & { message?: string }) | null }[];
  };
  const row = result.rows[0];
  if (!row?.output) return null;
  return row.state === 'failed' ? (row.output.message ?? 'échec') : (row.output.lastError ?? null);
};

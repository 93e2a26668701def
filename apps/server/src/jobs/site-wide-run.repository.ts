import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * What the site-wide runs (site-wide-run.ts) read of pg-boss's tables, one queue at a time:
 * pg-boss keeps a run's state, data and output, so nothing of a run is kept in our own tables.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Runs marked active other than `jobId`: with the run lock held, their worker is gone. */
export const otherActiveRuns = async (
  db: Executor,
  queue: string,
  jobId: string,
): Promise<string[]> =>
  rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from pgboss.job
      where name = ${queue} and state = 'active' and id <> ${jobId}::uuid
    `),
  ).map((row) => row.id);

/** Whether a run waits to be taken. */
export const runWaiting = async (db: Executor, queue: string): Promise<boolean> =>
  rowsOf<{ waiting: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from pgboss.job
        where name = ${queue} and state in ('created', 'retry')
      ) as waiting
    `),
  )[0]?.waiting === true;

/** The data of the newest run marked active (a killed worker's, if no lock holder runs it). */
export const activeRunData = async <Data>(db: Executor, queue: string): Promise<Data | null> =>
  rowsOf<{ data: Data | null }>(
    await db.execute(sql`
      select data from pgboss.job
      where name = ${queue} and state = 'active'
      order by created_on desc
      limit 1
    `),
  )[0]?.data ?? null;

/** The data of the run going on, else of the newest one waiting; null when there is neither. */
export const pendingRunData = async <Data>(db: Executor, queue: string): Promise<Data | null> =>
  rowsOf<{ data: Data | null }>(
    await db.execute(sql`
      select data from pgboss.job
      where name = ${queue} and state in ('created', 'retry', 'active')
      order by case when state = 'active' then 0 else 1 end, created_on desc
      limit 1
    `),
  )[0]?.data ?? null;

/**
 * The last error of the latest finished run that said anything (a run that found nothing to do
 * says nothing): its output's `lastError`, or pg-boss's message for a run that failed; pg-boss
 * moves finished jobs to its archive after 12 hours, so both are read.
 */
export const lastRunError = async (db: Executor, queue: string): Promise<string | null> => {
  const [row] = rowsOf<{
    state: string;
    output: { lastError?: string | null; message?: string } | null;
  }>(
    await db.execute(sql`
      select state, output from (
        select state, output, completed_on from pgboss.job
        where name = ${queue} and state in ('completed', 'failed')
        union all
        select state, output, completed_on from pgboss.archive
        where name = ${queue} and state in ('completed', 'failed')
      ) runs
      where output is not null
      order by completed_on desc nulls last
      limit 1
    `),
  );
  if (!row?.output) return null;
  return row.state === 'failed' ? (row.output.message ?? 'échec') : (row.output.lastError ?? null);
};

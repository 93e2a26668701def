import { Processing } from '@plateau/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { videos } from '../db/schema.ts';
import type { MediaBackend } from '../storage/media-locations.repository.ts';
import { MEDIA_MOVE_QUEUE, type MediaMoveOutput } from './media-move-queue.ts';

/** What the move worker, `media status` and the Système view read of pg-boss's move runs. */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Runs marked active other than `jobId`: with the run lock held, their worker is gone. */
export const otherActiveMoves = async (db: Executor, jobId: string): Promise<string[]> =>
  rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from pgboss.job
      where name = ${MEDIA_MOVE_QUEUE} and state = 'active' and id <> ${jobId}::uuid
    `),
  ).map((row) => row.id);

/** The target of the newest run marked active (a killed worker's, if no lock holder runs it). */
export const activeMoveTarget = async (db: Executor): Promise<MediaBackend | null> =>
  rowsOf<{ to: MediaBackend }>(
    await db.execute(sql`
      select data->>'to' as to from pgboss.job
      where name = ${MEDIA_MOVE_QUEUE} and state = 'active'
      order by created_on desc
      limit 1
    `),
  )[0]?.to ?? null;

/** The target of the newest run waiting or going on, and whether one waits. */
export const pendingMove = async (
  db: Executor,
): Promise<{ waiting: boolean; target: MediaBackend | null }> => {
  const [row] = rowsOf<{ state: string; to: MediaBackend | null }>(
    await db.execute(sql`
      select state, data->>'to' as to from pgboss.job
      where name = ${MEDIA_MOVE_QUEUE} and state in ('created', 'retry', 'active')
      order by case when state = 'active' then 0 else 1 end, created_on desc
      limit 1
    `),
  );
  const waiting = rowsOf<{ waiting: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from pgboss.job
        where name = ${MEDIA_MOVE_QUEUE} and state in ('created', 'retry')
      ) as waiting
    `),
  )[0]?.waiting;
  return { waiting: waiting === true, target: row?.to ?? null };
};

/** The last error of the latest finished run that said anything (job table and archive). */
export const lastMoveError = async (db: Executor): Promise<string | null> => {
  const [row] = rowsOf<{
    state: string;
    output: (MediaMoveOutput & { message?: string }) | null;
  }>(
    await db.execute(sql`
      select state, output from (
        select state, output, completed_on from pgboss.job
        where name = ${MEDIA_MOVE_QUEUE} and state in ('completed', 'failed')
        union all
        select state, output, completed_on from pgboss.archive
        where name = ${MEDIA_MOVE_QUEUE} and state in ('completed', 'failed')
      ) runs
      where output is not null
      order by completed_on desc nulls last
      limit 1
    `),
  );
  if (!row?.output) return null;
  return row.state === 'failed' ? (row.output.message ?? 'échec') : (row.output.lastError ?? null);
};

/** Whether an encode is writing the video: its folder is moved once it is over. */
export const videoBeingEncoded = async (db: Executor, videoId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.processing, Processing.Encoding)));
  return row !== undefined;
};

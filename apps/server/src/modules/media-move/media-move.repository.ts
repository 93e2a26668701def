import { Processing } from '@plateau/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';

/**
 * What the move worker reads of the videos themselves; what it reads of pg-boss's runs is
 * jobs/site-wide-run.repository.ts's, as for every site-wide run.
 */

/** Whether an encode is writing the video: its folder is moved once it is over. */
export const videoBeingEncoded = async (db: Executor, videoId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.processing, Processing.Encoding)));
  return row !== undefined;
};

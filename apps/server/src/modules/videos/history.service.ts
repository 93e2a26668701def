import type { ViewCount } from '@plateau/contract';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { recordView } from './history.repository.ts';
import { videoNotFound, visibleVideoOrThrow } from '../../db/video-query.ts';

export const createHistoryService = (db: Executor) => ({
  /**
   * Anyone who may see the video counts a view. A member previewing an unpublished video
   * counts nothing (it is not watched yet) and gets the current count.
   */
  async view(viewer: Viewer, videoId: number): Promise<ViewCount> {
    const video = await visibleVideoOrThrow(db, videoId, viewer);
    if (video.processing !== 3) return { views: video.views };
    const views = await recordView(db, videoId, viewer?.userId ?? null);
    if (views === undefined) throw videoNotFound();
    return { views };
  },
});

import { Processing, type ViewCount } from '@plateau/contract';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { findVideo } from '../../db/video-query.ts';
import { notFound } from '../../lib/errors.ts';
import { recordView } from './history.repository.ts';

export const createHistoryService = (db: Executor) => ({
  /**
   * Anyone who may see the video counts a view. A member previewing an unpublished video
   * counts nothing (it is not watched yet) and gets the current count.
   */
  async view(viewer: Viewer, videoId: number): Promise<ViewCount> {
    const video = requireVisible(
      await findVideo(db, videoId, viewer),
      viewer,
      notFoundMessage.video,
    );
    if (video.processing !== Processing.Published) return { views: video.views };
    const views = await recordView(db, videoId, viewer?.userId ?? null);
    if (views === undefined) throw notFound(notFoundMessage.video);
    return { views };
  },
});

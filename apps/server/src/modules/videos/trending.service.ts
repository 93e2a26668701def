import { Processing, type TrendingSlotParams, type VideoList } from '@plateau/contract';
import { requireGeek } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { findVideo } from '../../db/video-query.ts';
import { badRequest } from '../../lib/errors.ts';
import { createVideoListsService } from './video-lists.service.ts';
import { clearSlot, placeInSlot } from './trending.repository.ts';

export const createTrendingService = (db: Executor) => {
  const lists = createVideoListsService(db);
  return {
    /** Answers the trending list as the geek now sees it. */
    async set(viewer: Viewer, { slot, videoId }: TrendingSlotParams): Promise<VideoList> {
      const geek = requireGeek(viewer);
      if (videoId === -1) {
        await clearSlot(db, slot);
      } else {
        const video = requireVisible(
          await findVideo(db, videoId, geek),
          geek,
          notFoundMessage.video,
        );
        if (video.processing !== Processing.Published) {
          throw badRequest('Seule une vidéo publiée peut être mise à la une');
        }
        await placeInSlot(db, slot, videoId);
      }
      return lists.trending(geek, { page: 1, page_size: 5 });
    },
  };
};

import { Processing, type LikeState } from '@plateau/contract';
import { requireSignedIn } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { findVideo } from '../../db/video-query.ts';
import { badRequest } from '../../lib/errors.ts';
import * as repository from './likes.repository.ts';

const notPublished = () => badRequest('Une vidéo non publiée ne peut pas être likée');

export const createLikesService = (db: Executor) => {
  /** A signed-in viewer and a video they may see (401/403/404 otherwise). */
  const target = async (viewer: Viewer, videoId: number) => {
    const { userId } = requireSignedIn(viewer);
    const video = requireVisible(
      await findVideo(db, videoId, viewer),
      viewer,
      notFoundMessage.video,
    );
    return { userId, video };
  };

  return {
    async get(viewer: Viewer, videoId: number): Promise<LikeState> {
      const { userId, video } = await target(viewer, videoId);
      return { liked: await repository.isLiked(db, userId, videoId), likeCount: video.likeCount };
    },

    async like(viewer: Viewer, videoId: number): Promise<LikeState> {
      const { userId, video } = await target(viewer, videoId);
      if (video.processing !== Processing.Published) throw notPublished();
      return { liked: true, likeCount: await repository.addLike(db, userId, videoId) };
    },

    async unlike(viewer: Viewer, videoId: number): Promise<LikeState> {
      const { userId, video } = await target(viewer, videoId);
      if (video.processing !== Processing.Published) throw notPublished();
      return { liked: false, likeCount: await repository.removeLike(db, userId, videoId) };
    },
  };
};

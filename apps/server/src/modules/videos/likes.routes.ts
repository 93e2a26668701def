import { ErrorResponses, LikeState, VideoIdParams } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createLikesService } from './likes.service.ts';

const schema = {
  tags: ['likes'],
  params: VideoIdParams,
  response: { 200: LikeState, ...ErrorResponses },
};

export const likesRoutes: FeatureModule = ({ db }) => {
  const likes = createLikesService(db);
  return async (app) => {
    app.get('/videos/like/:videoId', { schema }, (r) => likes.get(r.viewer, r.params.videoId));
    app.put('/videos/like/:videoId', { schema }, (r) => likes.like(r.viewer, r.params.videoId));
    app.delete('/videos/like/:videoId', { schema }, (r) =>
      likes.unlike(r.viewer, r.params.videoId),
    );
  };
};

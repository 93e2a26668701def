import {
  ErrorResponses,
  IdParams,
  NewVideoBody,
  OkBody,
  UpdateVideoBody,
  Video,
  VideoList,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { historyRoutes } from './history.routes.ts';
import { likesRoutes } from './likes.routes.ts';
import { trendingRoutes } from './trending.routes.ts';
import { videoListsRoutes } from './video-lists.routes.ts';
import { createVideosService } from './videos.service.ts';

const tags = ['videos'];

/** The videos feature: lists, single videos, likes, views and trending slots. */
export const videosRoutes: FeatureModule = (deps) => {
  const videos = createVideosService(deps.db, deps.storage);
  return async (app) => {
    for (const part of [videoListsRoutes, likesRoutes, historyRoutes, trendingRoutes]) {
      await app.register(part(deps));
    }

    app.get(
      '/videos/:id',
      { schema: { tags, params: IdParams, response: { 200: VideoList, ...ErrorResponses } } },
      (r) => videos.get(r.viewer, r.params.id),
    );
    app.post(
      '/videos',
      { schema: { tags, body: NewVideoBody, response: { 201: Video, ...ErrorResponses } } },
      async (r, reply) => reply.status(201).send(await videos.create(r.viewer, r.body)),
    );
    app.put(
      '/videos/:id',
      {
        schema: {
          tags,
          params: IdParams,
          body: UpdateVideoBody,
          response: { 200: Video, ...ErrorResponses },
        },
      },
      (r) => videos.update(r.viewer, r.params.id, r.body),
    );
    app.delete(
      '/videos/:id',
      { schema: { tags, params: IdParams, response: { 200: OkBody, ...ErrorResponses } } },
      async (r) => {
        await videos.remove(r.viewer, r.params.id);
        return { ok: true };
      },
    );
  };
};

import {
  ErrorResponses,
  ExcludingPagingQuery,
  IdParams,
  VideoList,
  VideoPagingQuery,
  VideoSearchParams,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createVideoListsService } from './video-lists.service.ts';

const tags = ['videos'];
const listSchema = {
  tags,
  querystring: VideoPagingQuery,
  response: { 200: VideoList, ...ErrorResponses },
};

/** Every GET that answers `{ videos, nResults }` for many videos. */
export const videoListsRoutes: FeatureModule = ({ db }) => {
  const lists = createVideoListsService(db);
  return async (app) => {
    app.get('/videos', { schema: listSchema }, (r) => lists.latest(r.viewer, r.query));
    app.get('/videos/mostLiked', { schema: listSchema }, (r) => lists.mostLiked(r.viewer, r.query));
    app.get('/videos/mostViewed', { schema: listSchema }, (r) =>
      lists.mostViewed(r.viewer, r.query),
    );
    app.get('/videos/pending', { schema: listSchema }, (r) => lists.pending(r.viewer, r.query));
    app.get('/videos/liked', { schema: listSchema }, (r) => lists.liked(r.viewer, r.query));
    app.get('/videos/history', { schema: listSchema }, (r) => lists.history(r.viewer, r.query));
    app.get('/videos/trending', { schema: listSchema }, (r) => lists.trending(r.viewer, r.query));
    app.get(
      '/videos/random',
      { schema: { ...listSchema, querystring: ExcludingPagingQuery } },
      (r) => lists.random(r.viewer, r.query),
    );
    app.get(
      '/videos/direct/:id',
      { schema: { ...listSchema, params: IdParams, querystring: ExcludingPagingQuery } },
      (r) => lists.ofDirect(r.viewer, r.params.id, r.query),
    );
    app.get('/videos/search/:term', { schema: { ...listSchema, params: VideoSearchParams } }, (r) =>
      lists.search(r.viewer, r.params.term, r.query),
    );
  };
};

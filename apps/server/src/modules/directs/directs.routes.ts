import {
  CurrentLive,
  Direct,
  DirectBody,
  DirectList,
  DirectPagingQuery,
  DirectSearchParams,
  ErrorResponses,
  IdParams,
  OkBody,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createDirectsService } from './directs.service.ts';

const tags = ['directs'];
const listResponse = { response: { 200: DirectList, ...ErrorResponses } };

/** `tag_filter` is accepted (the client sends it to every list) but directs carry no tags. */
const paging = (query: { page: number; page_size: number }) => ({
  page: query.page,
  pageSize: query.page_size,
});

export const directsRoutes: FeatureModule = ({ db, storage }) => {
  const directs = createDirectsService(db, storage);
  return async (app) => {
    app.get(
      '/directs',
      { schema: { tags, querystring: DirectPagingQuery, ...listResponse } },
      (request) => directs.latest(request.viewer, paging(request.query)),
    );
    app.get(
      '/directs/upcoming',
      { schema: { tags, querystring: DirectPagingQuery, ...listResponse } },
      (request) => directs.upcoming(request.viewer, paging(request.query)),
    );
    app.get(
      '/directs/search/:term',
      {
        schema: {
          tags,
          params: DirectSearchParams,
          querystring: DirectPagingQuery,
          ...listResponse,
        },
      },
      (request) => directs.search(request.viewer, request.params.term, paging(request.query)),
    );
    app.get('/directs/currentDirect', { schema: { tags, ...listResponse } }, (request) =>
      directs.current(request.viewer),
    );
    app.get('/currentDirect', { schema: { tags, ...listResponse } }, (request) =>
      directs.current(request.viewer),
    );
    app.get(
      '/currentLive',
      { schema: { tags, response: { 200: CurrentLive, ...ErrorResponses } } },
      (request) => directs.currentLive(request.viewer),
    );
    app.get(
      '/directs/next/:id',
      { schema: { tags, params: IdParams, ...listResponse } },
      (request) => directs.next(request.viewer, request.params.id),
    );
    app.get(
      '/directs/previous/:id',
      { schema: { tags, params: IdParams, ...listResponse } },
      (request) => directs.previous(request.viewer, request.params.id),
    );
    app.get('/directs/:id', { schema: { tags, params: IdParams, ...listResponse } }, (request) =>
      directs.get(request.viewer, request.params.id),
    );
    app.post(
      '/directs',
      { schema: { tags, body: DirectBody, response: { 201: Direct, ...ErrorResponses } } },
      async (request, reply) =>
        reply.status(201).send(await directs.create(request.viewer, request.body)),
    );
    app.put(
      '/directs/:id',
      {
        schema: {
          tags,
          params: IdParams,
          body: DirectBody,
          response: { 200: Direct, ...ErrorResponses },
        },
      },
      (request) => directs.update(request.viewer, request.params.id, request.body),
    );
    app.delete(
      '/directs/:id',
      { schema: { tags, params: IdParams, response: { 200: OkBody, ...ErrorResponses } } },
      async (request) => {
        await directs.remove(request.viewer, request.params.id);
        return { ok: true };
      },
    );
  };
};

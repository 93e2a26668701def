import { ErrorResponses, IdParams, OkBody, Tag, TagBody, TagList } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createTagsService } from './tags.service.ts';

export const tagsRoutes: FeatureModule = ({ db }) => {
  const tags = createTagsService(db);
  return async (app) => {
    app.get('/tags', { schema: { tags: ['tags'], response: { 200: TagList } } }, () => tags.list());
    app.get(
      '/tags/:id',
      { schema: { tags: ['tags'], params: IdParams, response: { 200: Tag, ...ErrorResponses } } },
      (request) => tags.get(request.params.id),
    );
    app.post(
      '/tags',
      { schema: { tags: ['tags'], body: TagBody, response: { 201: Tag, ...ErrorResponses } } },
      async (request, reply) =>
        reply.status(201).send(await tags.create(request.viewer, request.body.name)),
    );
    app.put(
      '/tags/:id',
      {
        schema: {
          tags: ['tags'],
          params: IdParams,
          body: TagBody,
          response: { 200: Tag, ...ErrorResponses },
        },
      },
      (request) => tags.rename(request.viewer, request.params.id, request.body.name),
    );
    app.delete(
      '/tags/:id',
      {
        schema: { tags: ['tags'], params: IdParams, response: { 200: OkBody, ...ErrorResponses } },
      },
      async (request) => {
        await tags.remove(request.viewer, request.params.id);
        return { ok: true };
      },
    );
  };
};

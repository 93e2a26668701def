import {
  ErrorResponses,
  IdParams,
  NewUserBody,
  OkBody,
  UpdateUserBody,
  User,
  UserList,
  UserPagingQuery,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createUsersService } from './users.service.ts';

/** Account management: geek only. */
export const usersRoutes: FeatureModule = ({ db }) => {
  const users = createUsersService(db);
  return async (app) => {
    app.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          querystring: UserPagingQuery,
          response: { 200: UserList, ...ErrorResponses },
        },
      },
      (request) => users.list(request.viewer, request.query),
    );
    app.get(
      '/users/:id',
      { schema: { tags: ['users'], params: IdParams, response: { 200: User, ...ErrorResponses } } },
      (request) => users.get(request.viewer, request.params.id),
    );
    app.post(
      '/users',
      {
        schema: { tags: ['users'], body: NewUserBody, response: { 201: User, ...ErrorResponses } },
      },
      async (request, reply) =>
        reply.status(201).send(await users.create(request.viewer, request.body)),
    );
    app.put(
      '/users/:id',
      {
        schema: {
          tags: ['users'],
          params: IdParams,
          body: UpdateUserBody,
          response: { 200: User, ...ErrorResponses },
        },
      },
      (request) => users.update(request.viewer, request.params.id, request.body),
    );
    app.delete(
      '/users/:id',
      {
        schema: { tags: ['users'], params: IdParams, response: { 200: OkBody, ...ErrorResponses } },
      },
      async (request) => {
        await users.remove(request.viewer, request.params.id);
        return { ok: true };
      },
    );
  };
};

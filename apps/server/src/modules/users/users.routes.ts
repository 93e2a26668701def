import {
  ErrorBody,
  IdParams,
  NewUserBody,
  OkBody,
  UpdateUserBody,
  User,
  UserList,
  UserPagingQuery,
} from '@plateau/contract';
import type { FeatureModule } from '../../lib/feature.ts';
import { createUsersService } from './users.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

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
          response: { 200: UserList, ...errors },
        },
      },
      (request) => users.list(request.viewer, request.query),
    );
    app.get(
      '/users/:id',
      { schema: { tags: ['users'], params: IdParams, response: { 200: User, ...errors } } },
      (request) => users.get(request.viewer, request.params.id),
    );
    app.post(
      '/users',
      { schema: { tags: ['users'], body: NewUserBody, response: { 201: User, ...errors } } },
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
          response: { 200: User, ...errors },
        },
      },
      (request) => users.update(request.viewer, request.params.id, request.body),
    );
    app.delete(
      '/users/:id',
      { schema: { tags: ['users'], params: IdParams, response: { 200: OkBody, ...errors } } },
      async (request) => {
        await users.remove(request.viewer, request.params.id);
        return { ok: true };
      },
    );
  };
};

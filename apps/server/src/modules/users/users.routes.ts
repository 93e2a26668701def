import {
  ErrorResponses,
  IdParams,
  NewUserBody,
  OkBody,
  SsoLinkBody,
  UpdateUserBody,
  User,
  UserList,
  UserPagingQuery,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createUsersService } from './users.service.ts';

/** Account management: geek only. */
export const usersRoutes: FeatureModule = ({ db, config }) => {
  const users = createUsersService(db, { ssoIssuer: config.sso?.issuer });
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
    app.put(
      '/users/:id/sso',
      {
        schema: {
          tags: ['users'],
          summary: 'Link the account to a school account (single sign-on identity)',
          description:
            "`subject` is the person's `sub` at the configured provider: they may then sign in " +
            'with their school account as well. 409 when another account holds it.',
          params: IdParams,
          body: SsoLinkBody,
          response: { 200: User, ...ErrorResponses },
        },
      },
      (request) => users.linkIdentity(request.viewer, request.params.id, request.body.subject),
    );
    app.delete(
      '/users/:id/sso',
      {
        schema: {
          tags: ['users'],
          summary: 'Unlink the school account (its earlier tokens stop working)',
          description: '409 for an account without password, which could no longer sign in.',
          params: IdParams,
          response: { 200: User, ...ErrorResponses },
        },
      },
      (request) => users.unlinkIdentity(request.viewer, request.params.id),
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

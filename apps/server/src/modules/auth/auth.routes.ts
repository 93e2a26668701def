import type { FastifyRequest } from 'fastify';
import { AccessToken, ErrorBody, LoginBody } from '@plateau/contract';
import { badRequest } from '../../lib/errors.ts';
import type { FeatureModule } from '../../app-deps.ts';
import { createAuthService } from './auth.service.ts';
import { loginRateLimit } from './login-rate-limit.ts';

/** The text fields of a multipart form; a form carrying a file is not a login form. */
const readFormFields = async (request: FastifyRequest): Promise<Record<string, string>> => {
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      throw badRequest("Le formulaire de connexion n'accepte pas de fichier");
    }
    if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return fields;
};

export const authRoutes: FeatureModule = ({ db, config }) => {
  const auth = createAuthService(db, {
    secret: config.jwtSecret,
    lifetimeSeconds: config.tokenLifetimeSeconds,
  });
  return async (app) => {
    // A plain HTML form posts urlencoded fields; accepted here only (this plugin is encapsulated).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post(
      '/token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a username and password',
          consumes: [
            'multipart/form-data',
            'application/json',
            'application/x-www-form-urlencoded',
          ],
          security: [],
          body: LoginBody,
          response: { 200: AccessToken, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
        },
        config: {
          ignoreToken: true,
          rateLimit: loginRateLimit(config),
        },
        preValidation: async (request) => {
          if (request.isMultipart()) request.body = await readFormFields(request);
          else request.body ??= {};
        },
      },
      async (request) => ({
        accessToken: await auth.login(request.body.username, request.body.password),
      }),
    );
  };
};

import { existsSync, readFileSync } from 'node:fs';
import { fieldLimits } from '@plateau/contract';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import fastJsonStringify from 'fast-json-stringify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { siteQueues } from './job-queues.ts';
import { createJobQueue } from './jobs/boss.ts';
import { createMediaMoveService } from './modules/media-move/media-move.service.ts';
import { createRenditionUpgradeService } from './modules/rendition-upgrade/rendition-upgrade.service.ts';
import { errorBody, HttpError, postgresCode } from './lib/errors.ts';
import { redactUrl } from './lib/redact-url.ts';
import { mainIssue, validationMessage } from './lib/validation-messages.ts';
import { locateMediaBinaries } from './media-tools/binaries.ts';
import { viewerPlugin } from './modules/auth/viewer.plugin.ts';
import { featureModules } from './modules/index.ts';
import { startLiveRuntime, type LiveRuntime } from './modules/live/live-runtime.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { admission, admissionLimits } from './process/admission.ts';
import { httpTimeouts } from './process/http-timeouts.ts';
import { noStoreByDefault } from './lib/no-store.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { sharedRateLimitStore } from './modules/auth/shared-rate-limit-store.ts';
import { standardOutputLog } from './process/standard-output-log.ts';
import { createMediaDiskGuard, workingDiskFolder } from './storage/free-space.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import { createResumableStore } from './storage/resumable-store.ts';
import { isStorageUnavailable, STORAGE_UNAVAILABLE_MESSAGE } from './storage/storage-errors.ts';
import { UploadLocker } from './storage/upload-locker.ts';
import { buildWebShell, sendWebShell } from './web-shell.ts';
import type { AppDeps } from './app-deps.ts';
import { redirectStoreOrigin } from './media-serving/store-origin.ts';

export type { AppDeps } from './app-deps.ts';

const builtWebApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * PostgreSQL errors that are the caller's fault, answered as 4xx instead of a 500. Every other
 * data exception (class 22: a value the column or function cannot take) is a 400 too.
 */
const postgresClientErrors: Record<string, [number, string]> = {
  '23505': [409, 'Cet élément existe déjà'],
  '23503': [409, 'Un élément référencé est introuvable'],
  '22P02': [400, 'Valeur invalide'],
  '22003': [400, 'Valeur hors limites'],
  '22007': [400, 'Date invalide'],
  '22008': [400, 'Date hors limites'],
};
const postgresDataException: [number, string] = [400, 'Valeur invalide'];

/**
 * Paths and query strings are text, so their numbers are coerced (and a lone `tag_filter`
 * becomes a list); JSON bodies are typed, so `"title": 42` is a 400, never silently "42".
 */
const coercingAjv = new Ajv({ coerceTypes: 'array', useDefaults: true, strict: false });
const strictAjv = new Ajv({ coerceTypes: false, useDefaults: true, strict: false });

/**
 * Each answer's serializer, generated once per response schema (the routes' own constants) and
 * shared by every app of the process, as ajv's cache does for the validators: the tests build
 * hundreds of apps in one process, and generating them all again took 0.35 s an app.
 */
const serializers = new WeakMap<object, (data: unknown) => string>();
const serializerOf = ({ schema }: { schema: unknown }) => {
  const key = schema as object;
  let serialize = serializers.get(key);
  if (!serialize) {
    serialize = fastJsonStringify(key);
    serializers.set(key, serialize);
  }
  return serialize;
};

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  stream: standardOutputLog(),
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  serializers: {
    req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
  },
});

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  storage: MediaStorage;
  logger?: FastifyServerOptions['logger'];
  extraDeps?: Partial<AppDeps>;
  /** The built web app served outside /api (default: apps/web/dist); tests give their own. */
  webDist?: string;
}

/** The whole HTTP application; never listens, so tests drive it with `inject`. */
export const buildApp = async ({
  config,
  database,
  storage,
  logger,
  extraDeps,
  webDist = builtWebApp,
}: BuildAppOptions) => {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    // One hop: the address is the one the reverse proxy saw (the last in X-Forwarded-For),
    // never one the client wrote before it, which would give each forged value its own limit.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop < 1 : false,
    // The longest search term, percent-encoded (up to 12 characters for one of 4 bytes), must
    // reach its schema, which answers 400 past it; Fastify's default (100) answers 414.
    routerOptions: { maxParamLength: fieldLimits.searchTerm * 12 },
    ...httpTimeouts,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema),
  );
  app.setSerializerCompiler(serializerOf);

  const mediaBinaries =
    extraDeps && 'mediaBinaries' in extraDeps
      ? (extraDeps.mediaBinaries ?? null)
      : await locateMediaBinaries({
          ffmpegPath: config.ffmpegPath,
          ffprobePath: config.ffprobePath,
        });
  if (mediaBinaries) app.log.info(`ffmpeg (${mediaBinaries.source}): ${mediaBinaries.version}`);
  else app.log.warn('no working ffmpeg/ffprobe found: uploads and encodes are refused');
  const uploadLocker = extraDeps?.uploadLocker ?? new UploadLocker();
  const resumableStore =
    extraDeps?.resumableStore ??
    createResumableStore(config, config.uploadExpiryHours * 3600 * 1000, uploadLocker);
  // main.ts gives the queue it shares with its worker; otherwise every module shares this one.
  const jobs =
    extraDeps?.jobs ?? createJobQueue(database, config, { supervise: false, queues: siteQueues });
  // On the root: it runs after every module's own onClose (their workers stop first).
  if (!extraDeps?.jobs) app.addHook('onClose', () => jobs.stop());
  const base: Omit<AppDeps, 'live'> = {
    config,
    database,
    db: database.db,
    storage,
    mediaBinaries,
    ...extraDeps,
    jobs,
    // The background runs' own modules; the Système page reads their state.
    renditionUpgrade:
      extraDeps?.renditionUpgrade ?? createRenditionUpgradeService({ database, storage, jobs }),
    mediaMove: extraDeps?.mediaMove ?? createMediaMoveService({ config, database, jobs }),
    resumableStore,
    uploadLocker,
    diskGuard:
      extraDeps?.diskGuard ??
      createMediaDiskGuard(config, workingDiskFolder(config, storage), resumableStore),
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    if (error.validation) {
      const issue = mainIssue(error.validation);
      const field = `${error.validationContext ?? ''}${issue?.instancePath ?? ''}`.replace(
        /\//g,
        '.',
      );
      const missing = (issue?.params as { missingProperty?: string } | undefined)?.missingProperty;
      const name = missing ? `${field}.${missing}` : field;
      const message = issue ? validationMessage(issue) : 'valeur invalide';
      return reply.status(400).send(errorBody(400, `Paramètre invalide « ${name} » : ${message}`));
    }
    const code = postgresCode(error);
    const known =
      code &&
      (postgresClientErrors[code] ?? (code.startsWith('22') ? postgresDataException : undefined));
    if (known) {
      const [status, message] = known;
      return reply.status(status).send(errorBody(status, message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    // The media store down or refusing Plateau: nothing the request did, and nothing to hide
    // but the store's own words (logged). The client may ask again; it recovers by itself.
    if (isStorageUnavailable(error)) {
      request.log.warn({ err: error }, 'media storage unavailable');
      reply.header('retry-after', '5');
      return reply.status(503).send(errorBody(503, STORAGE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody(500, 'Erreur interne du serveur'));
  });

  const shellTemplate = path.join(webDist, 'index.html');
  const shell = existsSync(shellTemplate)
    ? buildWebShell(readFileSync(shellTemplate, 'utf8'), createSiteService(config).settings())
    : null;

  // Over plain http (a LAN address, a host name without a certificate), upgrading requests to
  // https would load no script at all, and HSTS would lock browsers out: both only on https.
  const servedOverHttps = new URL(config.publicUrl).protocol === 'https:';
  // S3_DELIVERY=redirect: the player reads media from the store's origin.
  const store = redirectStoreOrigin(config.mediaStorage);
  const fromStore = store === null ? [] : [store];
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        'connect-src': ["'self'", ...fromStore],
        'img-src': ["'self'", 'data:', 'blob:', ...fromStore],
        'media-src': ["'self'", 'blob:', ...fromStore],
        // The shell's one inline script (the landing hero's first paint), by its hash.
        'script-src': ["'self'", ...(shell?.scriptSources ?? [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': servedOverHttps ? [] : null,
      },
    },
    strictTransportSecurity: servedOverHttps,
    crossOriginEmbedderPolicy: false,
  });
  // The sign-in limit is counted in the database: every instance of the site sees each attempt.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(database.db) });
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Plateau API', version: '1.4.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Before the viewer and the routes: its hooks time each request from its arrival.
  // Live's timers, ingest and REDIFF worker, in a scope of their own: closed before the queue.
  let live: LiveRuntime | undefined;
  await app.register(async (scope) => {
    live = await startLiveRuntime(scope, base);
  });
  const deps: AppDeps = { ...base, live: live! };

  await app.register(metricsRoutes(deps));
  // Fair waiting under a crowd: before the viewer (its account lookup is a statement), after
  // the metrics (a wait counts in a request's time).
  await app.register(admission, admissionLimits(database.kind));
  await app.register(viewerPlugin, {
    keys: { secret: config.jwtSecret, lifetimeSeconds: config.tokenLifetimeSeconds },
    db: database.db,
    mediaTtlMs: config.mediaAccessTtlSeconds * 1000,
    clock: deps.clock,
  });

  await app.register(
    async (api) => {
      api.addHook('onSend', noStoreByDefault);
      for (const feature of featureModules) await api.register(feature(deps));
    },
    { prefix: '/api' },
  );

  if (shell) {
    const assets = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // index.html is the shell's template: the shell itself is sent instead (below).
      index: false,
      allowedPath: (pathname) => pathname !== '/index.html',
      // Vite leaves file.br and file.gz beside each file: br, else gzip, else the file itself.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, file) => {
        // Hashed names change with their content; everything else is revalidated.
        response.setHeader(
          'cache-control',
          file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (
      !shell ||
      !['GET', 'HEAD'].includes(request.method) ||
      /^\/(api|assets)(\/|$)/.test(pathname)
    ) {
      return reply.status(404).send(errorBody(404, 'Ressource introuvable'));
    }
    // The SPA owns every other path (/video?v=..., /directs, ...).
    return sendWebShell(shell, request, reply);
  });

  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;

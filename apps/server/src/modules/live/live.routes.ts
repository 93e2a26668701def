import { Type } from '@fastify/type-provider-typebox';
import {
  DirectBroadcast,
  DirectBroadcastBody,
  ErrorResponses,
  IdParams,
  IdSchema,
  LiveSettings,
  LiveStatus,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import {
  LiveVariant,
  TokenQuery,
  servedFileErrors as hlsErrors,
} from '../../media-serving/media-request.ts';
import { serveLiveHls } from './live-hls.ts';
import { LOW_LATENCY_FILE } from './low-latency-hls.ts';
import { createLiveService } from './live.service.ts';

const tags = ['live'];
/** A blocking reload's segment (RFC 8216bis 6.2.5.2). */
const BlockingMsn = Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }));

export const liveRoutes: FeatureModule = (deps) => {
  return async (app) => {
    const { files, viewers, station } = deps.live;
    const live = createLiveService({
      db: deps.db,
      config: deps.config,
      viewers,
      files,
      station,
    });

    app.get(
      '/directs/:id/broadcast',
      { schema: { tags, params: IdParams, response: { 200: DirectBroadcast, ...ErrorResponses } } },
      (request) => live.broadcast(request.viewer, request.params.id),
    );
    app.put(
      '/directs/:id/broadcast',
      {
        schema: {
          tags,
          params: IdParams,
          body: DirectBroadcastBody,
          response: { 200: DirectBroadcast, ...ErrorResponses },
        },
      },
      (request) => live.setBroadcast(request.viewer, request.params.id, request.body),
    );
    app.post(
      '/directs/:id/broadcast/key',
      { schema: { tags, params: IdParams, response: { 200: DirectBroadcast, ...ErrorResponses } } },
      (request) => live.regenerateKey(request.viewer, request.params.id),
    );
    app.get(
      '/directs/:id/live',
      { schema: { tags, params: IdParams, response: { 200: LiveStatus, ...ErrorResponses } } },
      (request) => live.status(request.viewer, request.params.id),
    );
    app.post(
      '/directs/:id/live/end',
      { schema: { tags, params: IdParams, response: { 200: LiveStatus, ...ErrorResponses } } },
      (request) => live.end(request.viewer, request.params.id),
    );
    app.get(
      '/liveSettings',
      { schema: { tags, response: { 200: LiveSettings, ...ErrorResponses } } },
      (request) => live.settings(request.viewer),
    );
    app.put(
      '/liveSettings',
      { schema: { tags, body: LiveSettings, response: { 200: LiveSettings, ...ErrorResponses } } },
      (request) => live.setSettings(request.viewer, request.body),
    );

    const hls = serveLiveHls(deps, files, live, viewers, station);
    const hlsRoute = {
      // A player asks every two seconds: the viewer and the decision are kept a few seconds.
      config: { tokenInQuery: true, cachedViewer: true },
      logLevel: 'warn' as const,
    };
    app.get(
      '/media/live/:id/master.m3u8',
      {
        ...hlsRoute,
        schema: { tags, params: IdParams, querystring: TokenQuery, response: hlsErrors },
      },
      (request, reply) => hls.master(request, reply, request.params.id),
    );
    app.get(
      '/media/live/:id/:variant/index.m3u8',
      {
        ...hlsRoute,
        schema: {
          tags,
          params: Type.Object({
            id: IdSchema,
            variant: LiveVariant,
          }),
          querystring: Type.Object({ ...TokenQuery.properties, _HLS_msn: BlockingMsn }),
          response: hlsErrors,
        },
      },
      (request, reply) => hls.variant(request, reply, request.params.id, request.params.variant),
    );
    app.get(
      '/media/live/:id/:variant/ll.m3u8',
      {
        ...hlsRoute,
        schema: {
          tags,
          params: Type.Object({ id: IdSchema, variant: LiveVariant }),
          querystring: Type.Object({
            ...TokenQuery.properties,
            // Blocking reloads and delta updates (RFC 8216bis 6.2.5).
            _HLS_msn: BlockingMsn,
            _HLS_part: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
            _HLS_skip: Type.Optional(Type.Union([Type.Literal('YES'), Type.Literal('v2')])),
          }),
          response: hlsErrors,
        },
      },
      (request, reply) =>
        hls.lowLatencyPlaylist(request, reply, request.params.id, request.params.variant),
    );
    app.get(
      '/media/live/:id/:variant/:segment',
      {
        ...hlsRoute,
        schema: {
          tags,
          params: Type.Object({
            id: IdSchema,
            variant: LiveVariant,
            // A standard segment, or a low-latency part, segment or init (LOW_LATENCY_FILE).
            segment: Type.String({
              pattern: `^seg-\\d{1,6}-\\d{5,9}\\.ts$|${LOW_LATENCY_FILE.source}`,
            }),
          }),
          querystring: TokenQuery,
          response: hlsErrors,
        },
      },
      (request, reply) =>
        hls.segment(
          request,
          reply,
          request.params.id,
          request.params.variant,
          request.params.segment,
        ),
    );
  };
};

import { LIVE_KEYFRAME_SECONDS } from '@plateau/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../../access/viewer.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createMediaGrants } from '../../media-serving/media-grants.ts';
import { createMediaSender, type MediaSender } from '../../media-serving/media-send.ts';
import { setFileHeaders } from '../../media-serving/served-file.ts';
import { liveKeys, type LiveFiles } from './live-files.ts';
import {
  newestSequence,
  parseSegment,
  withBlockingReload,
  withCurrentTargetDuration,
  withToken,
} from './live-playlists.ts';
import type { LiveViewers } from './live-viewers.ts';
import type { LiveService } from './live.service.ts';
import type { CurrentStation } from './live-lifecycle.ts';
import {
  createLowLatencyRequests,
  createWaitingLimit,
  LOW_LATENCY_FILE,
  tooFarAhead,
  type BlockingQuery,
} from './low-latency-hls.ts';
import { createSegmentWaits } from './segment-waits.ts';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** A live playlist changes every segment; a segment never changes once listed. */
const PUBLIC_PLAYLIST = 'public, max-age=1';
const PUBLIC_SEGMENT = 'public, max-age=86400, immutable';

const noSegment = () => notFound('Segment introuvable');
const notStarted = () => notFound('Le direct commence : réessayez dans un instant');

/**
 * How long a playlist read from the bucket (a live received by another machine) is kept: every
 * viewer here asks every segment or so, the store is asked at most this often per playlist.
 */
const COPIED_PLAYLIST_MS = 500;
/** Playlists kept at once (a live has a master and one per rung), least recently read out first. */
const COPIED_PLAYLISTS_KEPT = 1_000;

/**
 * Live HLS under /api/media/live/: the same grants as VOD media (the direct's visibility),
 * token carried into every URI of a playlist for native players, and no file name from the
 * request: variant and segment are checked, then rebuilt by `mediaKeys`.
 */
export const serveLiveHls = (
  deps: AppDeps,
  files: LiveFiles,
  live: LiveService,
  viewers: LiveViewers,
  station: CurrentStation,
) => {
  const { config } = deps;
  const held = createWaitingLimit();
  const lowLatency = createLowLatencyRequests(held);
  /** The direct's low-latency live, when this machine cuts it and new viewers may have it. */
  const lowLatencyLive = (id: number) => {
    const found = station()?.lowLatency(id);
    return found?.playable() ? found : undefined;
  };
  // A segment is sent from this disk, or from the bucket copy as any bucket medium is.
  const senders = new Map<MediaStorage, MediaSender>();
  const senderOf = (store: MediaStorage) => {
    const known = senders.get(store);
    if (known) return known;
    const made = createMediaSender(store, config);
    senders.set(store, made);
    return made;
  };
  const granted = createMediaGrants({
    ttlMs: config.mediaAccessTtlSeconds * 1000,
    clock: deps.clock,
  });
  const access = (viewer: Viewer, id: number) =>
    granted(viewer, `live:${id}`, () => live.playable(viewer, id));

  const copiedPlaylists = createTtlCache<Promise<string | null>>({
    ttlMs: COPIED_PLAYLIST_MS,
    maxEntries: COPIED_PLAYLISTS_KEPT,
  });
  const readPlaylist = async (key: string): Promise<string | null> => {
    const local = await files.disk.stat(key);
    if (local) return files.readText(key).catch(() => null);
    const read = () => files.readText(key);
    const kept = copiedPlaylists.get(key);
    if (kept) return kept;
    const text = read();
    copiedPlaylists.set(key, text);
    return text;
  };
  const segmentWaits = createSegmentWaits({ read: readPlaylist });
  /**
   * A blocking reload: the served playlist once it lists segment `msn` (read again only then:
   * a 2-hour playlist is long), at once when it does or the live is over, refused beyond the
   * next two segments.
   */
  const untilListed = async (viewer: string, key: string, text: string, msn: number) => {
    const newest = newestSequence(text);
    if (msn > newest + 2) throw tooFarAhead();
    if (msn <= newest || text.includes('#EXT-X-ENDLIST')) return text;
    const target = Number(/^#EXT-X-TARGETDURATION:(\d+)/m.exec(text)?.[1]);
    const waited = await held(viewer, () => segmentWaits.listed(key, msn, 3 * target * 1000));
    return waited === null ? text : withCurrentTargetDuration(waited, LIVE_KEYFRAME_SECONDS);
  };

  const sendPlaylistText = (
    request: FastifyRequest,
    reply: FastifyReply,
    text: string,
    isPublic: boolean,
  ) => {
    const { token } = request.query as { token?: string };
    // A playlist that carries a token in its URIs is that person's: no shared cache keeps it.
    const shared = isPublic && token === undefined;
    return reply
      .header('cache-control', shared ? PUBLIC_PLAYLIST : 'private, no-store')
      .type(PLAYLIST_TYPE)
      .send(withToken(text, token));
  };

  const sendPlaylist = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    isPublic: boolean,
    serve: (text: string) => string = (text) => text,
  ) => {
    const read = await readPlaylist(key);
    if (read === null) throw notStarted();
    return sendPlaylistText(request, reply, serve(read), isPublic);
  };

  /** A part, a segment or an init: from memory while recent, else the live's folder. */
  const sendLowLatencyFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    at: { id: number; liveId: number; isPublic: boolean; variant: string; name: string },
  ) => {
    const served = {
      key: liveKeys.lowLatencyFile(at.id, at.liveId, at.variant, at.name, LOW_LATENCY_FILE),
      isPublic: at.isPublic,
      contentType: 'video/mp4',
      publicCacheControl: PUBLIC_SEGMENT,
    };
    const found = station()?.lowLatency(at.id)?.variant(at.variant);
    const bytes = found ? await lowLatency.bytes(found, at.name, who(request)) : null;
    if (bytes) {
      setFileHeaders(reply, served, 200);
      return reply.send(bytes);
    }
    // Parts live in memory only: one not there any more is no longer listed.
    if (/-p\d+\.m4s$/.test(at.name) || !(await files.disk.stat(served.key))) throw noSegment();
    const sender = senderOf(files.disk);
    return sender.send(request, reply, await sender.servable(served));
  };

  const who = (request: FastifyRequest) =>
    request.viewer ? `u${request.viewer.userId}` : `a${request.ip}`;

  return {
    async master(request: FastifyRequest, reply: FastifyReply, id: number) {
      const { liveId, isPublic } = await access(request.viewer, id);
      viewers.saw(id, who(request));
      // « Latence faible » on this machine: the variants' low-latency playlists instead.
      const lowLatencyVariants = (text: string) =>
        lowLatencyLive(id) ? text.replace(/^(\S+)\/index\.m3u8$/gm, '$1/ll.m3u8') : text;
      return sendPlaylist(
        request,
        reply,
        liveKeys.master(id, liveId),
        isPublic,
        lowLatencyVariants,
      );
    },
    async lowLatencyPlaylist(
      request: FastifyRequest,
      reply: FastifyReply,
      id: number,
      variant: string,
    ) {
      const { isPublic } = await access(request.viewer, id);
      viewers.saw(id, who(request));
      const found = station()?.lowLatency(id)?.variant(variant);
      if (!found) throw notFound('Le direct n’est pas en latence faible : rechargez la page');
      const text = await lowLatency.playlist(found, request.query as BlockingQuery, who(request));
      return sendPlaylistText(request, reply, text, isPublic);
    },
    /**
     * A standard playlist; where this machine cuts the live, a blocking reload (`_HLS_msn`)
     * waits for its segment, and the playlist says players may ask so.
     */
    async variant(request: FastifyRequest, reply: FastifyReply, id: number, variant: string) {
      const { liveId, isPublic } = await access(request.viewer, id);
      viewers.saw(id, who(request));
      const key = liveKeys.hlsFile(id, liveId, variant);
      let text = await readPlaylist(key);
      if (text === null) throw notStarted();
      text = withCurrentTargetDuration(text, LIVE_KEYFRAME_SECONDS);
      if (!station()?.holds(id)) return sendPlaylistText(request, reply, text, isPublic);
      const { _HLS_msn: msn } = request.query as BlockingQuery;
      if (msn !== undefined) text = await untilListed(who(request), key, text, msn);
      return sendPlaylistText(request, reply, withBlockingReload(text), isPublic);
    },
    async segment(
      request: FastifyRequest,
      reply: FastifyReply,
      id: number,
      variant: string,
      segment: string,
    ) {
      const { liveId, isPublic } = await access(request.viewer, id);
      if (LOW_LATENCY_FILE.test(segment)) {
        return sendLowLatencyFile(request, reply, { id, liveId, isPublic, variant, name: segment });
      }
      const key = liveKeys.hlsFile(id, liveId, variant, parseSegment(segment));
      const store = await files.storeOf(key);
      if (!store) throw noSegment();
      const sender = senderOf(store);
      const file = await sender.servable({
        key,
        isPublic,
        contentType: 'video/mp2t',
        publicCacheControl: PUBLIC_SEGMENT,
      });
      return sender.send(request, reply, file);
    },
  };
};

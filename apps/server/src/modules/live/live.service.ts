import type {
  DirectBroadcast,
  DirectBroadcastBody,
  LiveSettings,
  LiveStatus,
} from '@plateau/contract';
import { requireGeek } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { liveKeys, type LiveFiles } from './live-files.ts';
import { currentSegmentSeconds, newestSegmentDurations } from './live-playlists.ts';
import type { LiveViewers } from './live-viewers.ts';
import type { LiveStation } from './live-station.ts';
import * as repository from './live.repository.ts';
import { newStreamKey } from './stream-key.ts';
import { waitAtMost } from '../../lib/wait-at-most.ts';

const directNotFound = () => notFound(notFoundMessage.direct);
const notLive = () => notFound("Le direct n'est pas en cours");

export interface LiveServiceDeps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'live'>;
  viewers: LiveViewers;
  files: Pick<LiveFiles, 'readText'>;
  /** The station of this process; undefined when another process runs the site's ingest, or none does (RTMP_PORT=0). */
  station: () => LiveStation | undefined;
}

/** How long "Terminer le direct" waits for the encoder's part to close before answering. */
const END_ANSWER_MS = 5_000;
/** How often that wait looks, when another process runs the live. */
const END_POLL_MS = 200;

/** The poll's pause never holds the process open. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** What viewers are told, from the newest live and whether broadcasting is on. */
const stateOf = (live: repository.LiveRow | undefined, enabled: boolean): LiveStatus['state'] => {
  if (live?.state === 'live' || live?.state === 'reconnecting') return live.state;
  // While the REDIFF is being built the live is over for viewers, even if broadcasting was turned off.
  if (live?.state === 'ending' || (live?.state === 'ended' && enabled)) return 'ended';
  return enabled ? 'waiting' : 'off';
};

export const createLiveService = ({ db, config, viewers, files, station }: LiveServiceDeps) => {
  /** Plateau's own page of the direct: where the LIVE button and /dt lead. */
  const ownPage = (id: number) => `${config.publicUrl}/direct?d=${id}`;

  const broadcastOf = (streamKey: string | null, lowLatency: boolean): DirectBroadcast => ({
    enabled: streamKey !== null,
    serverUrl: config.live.rtmpPort === 0 ? '' : config.live.rtmpPublicUrl,
    streamKey,
    lowLatency,
  });

  const visibleDirect = async (viewer: Viewer, id: number) =>
    requireVisible(
      await repository.findDirectAccess(db, viewer, id),
      viewer,
      notFoundMessage.direct,
    );

  /** The live whose HLS a viewer may read now, and whether its direct is public. */
  const playable = async (viewer: Viewer, id: number) => {
    const direct = await visibleDirect(viewer, id);
    const live = await repository.findLatestLive(db, id);
    if (!live || (live.state !== 'live' && live.state !== 'reconnecting')) throw notLive();
    return { liveId: live.id, isPublic: direct.privacy === 0 };
  };

  /** How long the source's segments now last, cut at the encoder's keyframes (null until two are). */
  const segmentSeconds = async (directId: number, liveId: number) => {
    const playlist = await files
      .readText(liveKeys.hlsFile(directId, liveId, 'source'))
      .catch(() => null);
    const seconds =
      playlist === null ? null : currentSegmentSeconds(newestSegmentDurations(playlist));
    return seconds === null ? null : Math.round(seconds * 10) / 10;
  };

  const status = async (viewer: Viewer, id: number): Promise<LiveStatus> => {
    const direct = await visibleDirect(viewer, id);
    const live = await repository.findLatestLive(db, id);
    const isGeek = viewer?.role === 'geek';
    const problem = isGeek ? await repository.findProblem(db, id) : null;
    const playing = live && (live.state === 'live' || live.state === 'reconnecting');
    const state = stateOf(live, direct.streamKey !== null);
    return {
      state,
      startedAt:
        live && state !== 'waiting' && state !== 'off' ? live.startedAt.toISOString() : null,
      endedAt: live?.endedAt && state === 'ended' ? live.endedAt.toISOString() : null,
      viewers: playing ? await viewers.count(id) : 0,
      playlist: playing ? `/api/media/live/${id}/master.m3u8` : null,
      rediffVideoId: state === 'ended' ? (live?.videoId ?? null) : null,
      rediffProgress: live?.state === 'ending' ? (live.rediffProgress ?? 0) : null,
      problem,
      segmentSeconds: isGeek && playing ? await segmentSeconds(id, live.id) : null,
      lowLatency: Boolean(playing && station()?.lowLatency(id)?.playable()),
    };
  };

  return {
    playable,
    status,

    async broadcast(viewer: Viewer, id: number): Promise<DirectBroadcast> {
      requireGeek(viewer);
      const row = await repository.findStreamKey(db, id);
      if (!row) throw directNotFound();
      return broadcastOf(row.streamKey, row.lowLatency);
    },

    /** "Diffuser sur Plateau" and « Latence faible »; a switch left out stays as it is. */
    async setBroadcast(
      viewer: Viewer,
      id: number,
      { enabled, lowLatency }: DirectBroadcastBody,
    ): Promise<DirectBroadcast> {
      requireGeek(viewer);
      return db.transaction(async (tx) => {
        const row = await repository.lockDirectBroadcast(tx, id);
        if (!row) throw directNotFound();
        // Taken by the encoder's next connection: a live in progress keeps its latency.
        const latency = lowLatency ?? row.lowLatency;
        if (latency !== row.lowLatency) await repository.setLowLatency(tx, id, latency);
        if (enabled === undefined || enabled === (row.streamKey !== null)) {
          return broadcastOf(row.streamKey, latency);
        }
        if (!enabled) {
          const open = await repository.findOpenLive(tx, id);
          if (open) throw conflict('Terminez le direct avant de couper la diffusion sur Plateau');
          // The live URL was Plateau's page: it leads nowhere now.
          const liveUrl = row.liveUrl === ownPage(id) ? '' : row.liveUrl;
          await repository.setStreamKey(tx, id, null, liveUrl);
          return broadcastOf(null, latency);
        }
        const streamKey = newStreamKey();
        await repository.setStreamKey(tx, id, streamKey, ownPage(id));
        return broadcastOf(streamKey, latency);
      });
    },

    /** A new key: the old one stops working for the next connection (a live in progress goes on). */
    async regenerateKey(viewer: Viewer, id: number): Promise<DirectBroadcast> {
      requireGeek(viewer);
      return db.transaction(async (tx) => {
        const row = await repository.lockDirectBroadcast(tx, id);
        if (!row) throw directNotFound();
        if (row.streamKey === null) {
          throw conflict('Activez d’abord « Diffuser sur Plateau » pour ce direct');
        }
        const streamKey = newStreamKey();
        await repository.setStreamKey(tx, id, streamKey, row.liveUrl);
        return broadcastOf(streamKey, row.lowLatency);
      });
    },

    /**
     * "Terminer le direct": the encoder is cut, the recording closed, the REDIFF built. From
     * any process: when this one does not run the live, the one that does is asked through
     * the database (it looks every second) and the answer waits for it the same way.
     */
    async end(viewer: Viewer, id: number): Promise<LiveStatus> {
      requireGeek(viewer);
      await visibleDirect(viewer, id);
      const open = await repository.findOpenLive(db, id);
      if (!open) throw conflict("Il n'y a pas de direct en cours pour ce DT");
      const running = station();
      const answerBy = Date.now() + END_ANSWER_MS;
      if (running?.holds(id)) {
        await waitAtMost(running.end(id), END_ANSWER_MS);
      } else {
        await repository.requestEnd(db, open.id);
        // 'ending' is enough: the encoder is cut, and viewers are told the live is over.
        while (Date.now() < answerBy) {
          const live = await repository.findLatestLive(db, id);
          if (live?.id !== open.id || live.state === 'ending' || live.state === 'ended') break;
          await sleep(END_POLL_MS);
        }
      }
      return status(viewer, id);
    },

    async settings(viewer: Viewer): Promise<LiveSettings> {
      requireGeek(viewer);
      return repository.readLiveSettings(db);
    },

    async setSettings(viewer: Viewer, body: LiveSettings): Promise<LiveSettings> {
      requireGeek(viewer);
      await repository.writeLiveSettings(db, body);
      return repository.readLiveSettings(db);
    },
  };
};

export type LiveService = ReturnType<typeof createLiveService>;

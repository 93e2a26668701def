import { createHash } from 'node:crypto';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { MediaGrants } from '../../media-serving/media-grants.ts';
import { loadRenditionIndex } from '../../media-tools/rendition-index.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { listCaptions } from './captions.repository.ts';
import { noCaption } from './captions.service.ts';
import {
  buildMasterPlaylist,
  buildMediaPlaylist,
  buildSubtitlesPlaylist,
  renditionDuration,
} from './hls-manifest.ts';
import type { MediaService, StreamResolution } from './media.service.ts';

/** Encoded before renditions were fragmented (or not yet converted): progressive playback only. */
const noAdaptive = () =>
  notFound('Pas de lecture adaptative pour cette vidéo : elle se lit en qualité fixe');

/** A playlist request's query: its token, and the version of the media it names (`v`). */
interface MediaRequest {
  token?: string;
  v?: number;
}

export interface Playlist {
  text: string;
  etag: string;
  isPublic: boolean;
}

/**
 * `versions`: what the text does not show but a cache must follow: a caption replaced keeps its
 * URI, so its date of change goes into the tag.
 */
const playlist = (text: string, isPublic: boolean, versions = ''): Playlist => ({
  text,
  // From the text itself: a re-encode changes the byte ranges, so the tag; a token too.
  etag: `"${createHash('sha256').update(text).update(versions).digest('base64url').slice(0, 27)}"`,
  isPublic,
});

/** The captions' languages and, for the tag, when each last changed. */
const captionsOf = async (db: Database, id: number) => {
  const rows = await listCaptions(db, id);
  return {
    languages: rows.map((row) => row.language),
    versions: rows.map((row) => `${row.language}@${row.updatedAt.toISOString()}`).join(','),
  };
};

/**
 * HLS manifests of a video, built from its renditions' stored indexes, behind exactly the
 * access decisions of `GET /api/media/video/{id}/{rung}` (the same service calls, kept by the
 * same kind of grants). The indexes themselves are read on every request: small files, and a
 * re-encode must show at once.
 */
export const createAdaptiveService = (deps: {
  db: Database;
  media: MediaService;
  storage: MediaStorage;
  granted: MediaGrants;
}) => {
  const { db, media, storage, granted } = deps;
  const presentIndexes = async (id: number, rungs: number[], version: number) => {
    const indexes = await Promise.all(
      rungs.map((rung) => loadRenditionIndex(storage, id, rung, version)),
    );
    const present = indexes.filter((index) => index !== null);
    if (present.length === 0) throw noAdaptive();
    return present;
  };
  return {
    async master(viewer: Viewer, id: number, query: MediaRequest): Promise<Playlist> {
      const { rungs, isPublic, version } = await granted(
        viewer,
        `renditions:${id}:${query.v}`,
        () => media.videoRenditions(viewer, id, query.v),
      );
      const present = await presentIndexes(id, rungs, version);
      const captions = await captionsOf(db, id);
      return playlist(
        buildMasterPlaylist(present, { token: query.token, version }, captions.languages),
        isPublic,
        captions.versions,
      );
    },

    /** A caption language's subtitles playlist: its WebVTT file as one segment, the video long. */
    async subtitles(viewer: Viewer, id: number, language: string, query: MediaRequest) {
      const { rungs, isPublic, version } = await granted(
        viewer,
        `renditions:${id}:${query.v}`,
        () => media.videoRenditions(viewer, id, query.v),
      );
      const captions = await captionsOf(db, id);
      if (!captions.languages.includes(language)) throw noCaption();
      // Every rung lasts as long as the others (one encode): the best one says how long.
      const [best] = await presentIndexes(id, rungs, version);
      const text = buildSubtitlesPlaylist(id, language, renditionDuration(best!), {
        token: query.token,
        version,
      });
      return playlist(text, isPublic, captions.versions);
    },

    async media(
      viewer: Viewer,
      id: number,
      rung: Exclude<StreamResolution, 0>,
      query: MediaRequest,
    ): Promise<Playlist> {
      const { isPublic, version } = await granted(viewer, `stream:${id}:${rung}:${query.v}`, () =>
        media.videoStream(viewer, id, rung, query.v),
      );
      const index = await loadRenditionIndex(storage, id, rung, version);
      if (!index) throw noAdaptive();
      return playlist(buildMediaPlaylist(id, index, { token: query.token, version }), isPublic);
    },
  };
};

import { createHash } from 'node:crypto';
import type { Viewer } from '../../access/viewer.ts';
import { notFound } from '../../lib/errors.ts';
import type { MediaGrants } from '../../media-serving/media-grants.ts';
import { loadRenditionIndex } from '../../media-tools/rendition-index.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { buildMasterPlaylist, buildMediaPlaylist } from './hls-manifest.ts';
import type { MediaService, StreamResolution } from './media.service.ts';

/** Encoded before renditions were fragmented (or not yet converted): progressive playback only. */
const noAdaptive = () =>
  notFound('Pas de lecture adaptative pour cette vidéo : elle se lit en qualité fixe');

export interface Playlist {
  text: string;
  etag: string;
  isPublic: boolean;
}

const playlist = (text: string, isPublic: boolean): Playlist => ({
  text,
  // From the text itself: a re-encode changes the byte ranges, so the tag; a token too.
  etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`,
  isPublic,
});

/**
 * HLS manifests of a video, built from its renditions' stored indexes, behind exactly the
 * access decisions of `GET /api/media/video/{id}/{rung}` (the same service calls, kept by the
 * same kind of grants). The indexes themselves are read on every request: small files, and a
 * re-encode must show at once.
 */
export const createAdaptiveService = (deps: {
  media: MediaService;
  storage: MediaStorage;
  granted: MediaGrants;
}) => {
  const { media, storage, granted } = deps;
  return {
    async master(viewer: Viewer, id: number, token?: string): Promise<Playlist> {
      const { rungs, isPublic } = await granted(viewer, `renditions:${id}`, () =>
        media.videoRenditions(viewer, id),
      );
      const indexes = await Promise.all(rungs.map((rung) => loadRenditionIndex(storage, id, rung)));
      const present = indexes.filter((index) => index !== null);
      if (present.length === 0) throw noAdaptive();
      return playlist(buildMasterPlaylist(present, token), isPublic);
    },

    async media(
      viewer: Viewer,
      id: number,
      rung: Exclude<StreamResolution, 0>,
      token?: string,
    ): Promise<Playlist> {
      const { isPublic } = await granted(viewer, `stream:${id}:${rung}`, () =>
        media.videoStream(viewer, id, rung),
      );
      const index = await loadRenditionIndex(storage, id, rung);
      if (!index) throw noAdaptive();
      return playlist(buildMediaPlaylist(id, index, token), isPublic);
    },
  };
};

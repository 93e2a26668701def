import { randomInt } from 'node:crypto';
import { Privacy, Processing, rungs } from '@plateau/contract';
import { requireGeek, requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import { isMp4Family, probeVideo } from '../../media-tools/probe.ts';
import { publishThenRecord } from '../../storage/media-publication.ts';
import { mediaKeys, readFileStart, type MediaStorage } from '../../storage/media-storage.ts';
import { imageTypeOf } from './media-upload.ts';
import * as repository from './media.repository.ts';
import { TRIM_IN_PROGRESS } from './trim-publish.ts';
import * as trims from './trims.repository.ts';

export const streamResolutions = [0, ...rungs] as const;
export type StreamResolution = (typeof streamResolutions)[number];

const videoNotFound = () => notFound(notFoundMessage.video);
const directNotFound = () => notFound(notFoundMessage.direct);
const encodingInProgress = () => conflict('La vidéo est en cours d’encodage : réessayez après');
const notAVideo = () => badRequest("Le fichier n'est pas une vidéo MP4 lisible");
const notAnImage = () => badRequest("Le fichier n'est pas une image PNG ou JPEG");

export type UploadKind = 'video' | 'thumbnail' | 'poster';

/** The file a served media answer reads, and how it may be cached. */
/**
 * The version of a video's media a request reads: the one it names when that is the one served
 * or the one kept for an undo (a viewer who started it before the cut), else the one served.
 */
export const versionServed = (
  video: Pick<repository.VideoMedia, 'mediaVersion' | 'keptVersion'>,
  requested?: number,
): number => {
  if (requested === undefined) return video.mediaVersion;
  if (requested !== video.mediaVersion && requested !== video.keptVersion)
    throw notFound('Cette version de la vidéo a été remplacée');
  return requested;
};

export interface MediaFile {
  key: string;
  isPublic: boolean;
}

export interface MediaServiceDeps {
  db: Database;
  storage: MediaStorage;
  /** Null when no ffprobe works: video uploads are refused. */
  mediaBinaries: MediaBinaries | null;
}

export const createMediaService = ({ db, storage, mediaBinaries }: MediaServiceDeps) => {
  /** The video as this viewer may see it: 404 when missing, 401/403 when hidden. */
  const visibleVideoMedia = async (viewer: Viewer, id: number) =>
    requireVisible(await repository.findVideoMedia(db, viewer, id), viewer, notFoundMessage.video);

  const visibleDirectMedia = async (viewer: Viewer, id: number) =>
    requireVisible(
      await repository.findDirectMedia(db, viewer, id),
      viewer,
      notFoundMessage.direct,
    );

  /** Rungs listed by the last encode whose file is really there, best first. */
  const presentRungs = async (id: number, rungs: number[], version: number) => {
    const sorted = [...rungs].sort((a, b) => b - a);
    const present = await Promise.all(
      sorted.map(async (rung) =>
        (await storage.stat(mediaKeys.rung(id, rung, version))) ? rung : null,
      ),
    );
    return present.filter((rung): rung is number => rung !== null);
  };

  const checkTemp = async (kind: UploadKind, temp: string) => {
    if (kind !== 'video') {
      if (!imageTypeOf(await readFileStart(temp, 8))) throw notAnImage();
      return;
    }
    const probe = await probeVideo(mediaBinaries!.ffprobe, temp);
    if (!probe || !isMp4Family(probe)) throw notAVideo();
  };

  const publication = { db, storage };

  /**
   * Stores the checked file, then records it on the row in a short transaction (no row lock
   * held while the bytes travel). A new original gets a new name beside the old one, which
   * stays until the row points to the new one: an encode started meanwhile keeps its source.
   */
  const commitUpload = async (kind: UploadKind, id: number, temp: string) => {
    if (kind === 'poster') {
      await publishThenRecord(publication, { temp, key: mediaKeys.poster(id) }, async (tx) => {
        // The lock keeps a concurrent direct deletion from leaving an orphan poster.
        if (!(await repository.lockDirect(tx, id))) throw directNotFound();
        await repository.markPosterUploaded(tx, id);
      });
      return;
    }
    if (kind === 'thumbnail') {
      await publishThenRecord(publication, { temp, key: mediaKeys.thumbnail(id) }, async (tx) => {
        if (!(await repository.lockVideoProcessing(tx, id))) throw videoNotFound();
        await repository.markThumbnailUploaded(tx, id);
      });
      return;
    }
    const version = randomInt(1, 2 ** 31);
    await publishThenRecord(
      publication,
      { temp, key: mediaKeys.raw(id, version), newName: true },
      async (tx) => {
        const locked = await repository.lockVideoProcessing(tx, id);
        if (locked === undefined) throw videoNotFound();
        if (await trims.trimActive(tx, id)) throw conflict(TRIM_IN_PROGRESS);
        if (!(await repository.markRawUploaded(tx, id, version))) throw encodingInProgress();
        // A new original is a new video: the cut it replaces can no longer be undone, and one
        // planned for its encode was planned on the old one's times.
        await trims.endUndo(tx, id);
        await trims.dropAwaitingTrim(tx, id);
        // Another upload recorded meanwhile: this later record wins, and its file goes.
        return mediaKeys.raw(id, locked.rawVersion);
      },
    );
  };

  return {
    /** Who may upload, checked before the body is read. */
    async checkUploadTarget(viewer: Viewer, kind: UploadKind, id: number): Promise<void> {
      if (kind === 'poster') {
        requireGeek(viewer);
        await visibleDirectMedia(viewer, id);
        return;
      }
      requireMember(viewer);
      const video = await visibleVideoMedia(viewer, id);
      if (kind === 'video') {
        if (video.processing === Processing.Encoding) throw encodingInProgress();
        if (await trims.trimActive(db, id)) throw conflict(TRIM_IN_PROGRESS);
        if (!mediaBinaries) {
          throw new HttpError(503, 'Vérification des vidéos indisponible : ffprobe introuvable');
        }
      }
    },

    /** Checks a received temporary file and commits it; the temporary file never survives. */
    async storeUpload(kind: UploadKind, id: number, temp: string): Promise<void> {
      try {
        await checkTemp(kind, temp);
        await commitUpload(kind, id, temp);
      } finally {
        // After a successful commit the file was renamed away and this is a no-op.
        await storage.discardTemp(temp);
      }
    },

    /**
     * A rung's file in the version served now, or in `version` when a manifest named it: the
     * current one, or the one before a cut while it is kept (a viewer who started it).
     */
    async videoStream(
      viewer: Viewer,
      id: number,
      resolution: StreamResolution,
      version?: number,
    ): Promise<MediaFile & { version: number }> {
      const video = await visibleVideoMedia(viewer, id);
      const isPublic =
        video.privacy === Privacy.Public && video.processing === Processing.Published;
      if (resolution === 0) {
        requireMember(viewer);
        return { key: mediaKeys.raw(id, video.rawVersion), isPublic: false, version: 0 };
      }
      if (!video.rungs.includes(resolution)) throw notFound(`Pas de version ${resolution}p`);
      const served = versionServed(video, version);
      return { key: mediaKeys.rung(id, resolution, served), isPublic, version: served };
    },

    /** The rungs of the last encode, best first, and whether anyone may see them (adaptive manifests). */
    async videoRenditions(
      viewer: Viewer,
      id: number,
      version?: number,
    ): Promise<{ rungs: number[]; isPublic: boolean; version: number }> {
      const video = await visibleVideoMedia(viewer, id);
      return {
        version: versionServed(video, version),
        rungs: [...video.rungs].sort((a, b) => b - a),
        isPublic: video.privacy === Privacy.Public && video.processing === Processing.Published,
      };
    },

    async download(viewer: Viewer, id: number): Promise<MediaFile & { title: string }> {
      const video = await visibleVideoMedia(viewer, id);
      if (video.processing !== Processing.Published)
        throw notFound("La vidéo n'est pas encore publiée");
      const [best] = await presentRungs(id, video.rungs, video.mediaVersion);
      // 1080 when it exists, otherwise the highest rung the source allowed.
      if (best === undefined) throw notFound('Aucune version téléchargeable');
      return {
        key: mediaKeys.rung(id, best, video.mediaVersion),
        isPublic: video.privacy === Privacy.Public,
        title: video.title,
      };
    },

    async thumbnail(viewer: Viewer, id: number): Promise<MediaFile> {
      const video = await visibleVideoMedia(viewer, id);
      return {
        key: mediaKeys.thumbnail(id),
        isPublic: video.privacy === Privacy.Public && video.processing === Processing.Published,
      };
    },

    async poster(viewer: Viewer, id: number): Promise<MediaFile> {
      const direct = await visibleDirectMedia(viewer, id);
      return { key: mediaKeys.poster(id), isPublic: direct.privacy === Privacy.Public };
    },

    /** The stored image's type from its first bytes, or 404 when there is none. */
    async imageType(key: string) {
      const type = imageTypeOf(await storage.readStart(key, 8));
      if (!type) throw notFound('Aucune image');
      return type;
    },

    async removeVideoMedia(viewer: Viewer, id: number): Promise<void> {
      requireMember(viewer);
      await visibleVideoMedia(viewer, id);
      await db.transaction(async (tx) => {
        if (!(await repository.lockVideoProcessing(tx, id))) throw videoNotFound();
        if (!(await repository.markMediaRemoved(tx, id))) throw encodingInProgress();
        // Inside the transaction: if removal fails, the row keeps pointing at what remains.
        await storage.removePrefix(mediaKeys.videoFolder(id), tx);
      });
    },
  };
};

export type MediaService = ReturnType<typeof createMediaService>;

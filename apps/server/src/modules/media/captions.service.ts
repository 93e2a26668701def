import { Readable } from 'node:stream';
import type { CaptionList } from '@plateau/contract';
import { Privacy, Processing } from '@plateau/contract';
import { requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { cleanSubtitles } from '../../media-tools/subtitles.ts';
import { publishThenRecord } from '../../storage/media-publication.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import * as captions from './captions.repository.ts';
import { versionServed, type MediaFile } from './media.service.ts';
import * as repository from './media.repository.ts';
import { TRIM_IN_PROGRESS } from './trim-publish.ts';
import { trimActive, videoRungs } from './trims.repository.ts';

export const noCaption = () => notFound('Aucun sous-titre dans cette langue pour cette vidéo');
export const notSubtitles = 'Fichier de sous-titres invalide : SRT ou WebVTT attendu';

/**
 * A video's captions, under the rule of the video itself: whoever may watch it may list and
 * read them; a member who may see it may attach, replace or remove them (as its thumbnail).
 */
export const createCaptionsService = ({ db, storage }: { db: Database; storage: MediaStorage }) => {
  const visibleVideo = async (viewer: Viewer, id: number) =>
    requireVisible(await repository.findVideoMedia(db, viewer, id), viewer, notFoundMessage.video);

  return {
    async list(viewer: Viewer, id: number): Promise<CaptionList> {
      await visibleVideo(viewer, id);
      const rows = await captions.listCaptions(db, id);
      return {
        captions: rows.map((row) => ({
          language: row.language,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },

    async file(viewer: Viewer, id: number, language: string, version?: number): Promise<MediaFile> {
      const video = await visibleVideo(viewer, id);
      if (!(await captions.hasCaption(db, id, language))) throw noCaption();
      return {
        key: mediaKeys.caption(id, language, versionServed(video, version)),
        isPublic: video.privacy === Privacy.Public && video.processing === Processing.Published,
      };
    },

    /** Who may send one, checked before the body is read. */
    async checkUploadTarget(viewer: Viewer, id: number): Promise<void> {
      requireMember(viewer);
      await visibleVideo(viewer, id);
      if (await trimActive(db, id)) throw conflict(TRIM_IN_PROGRESS);
    },

    /**
     * Keeps `bytes` (SRT or WebVTT, by content) as clean WebVTT for `language`: the file is
     * stored, then the row recorded (publishThenRecord).
     */
    async store(id: number, language: string, bytes: Buffer): Promise<void> {
      const vtt = cleanSubtitles(bytes);
      if (vtt === null) throw badRequest(notSubtitles);
      const version = (await videoRungs(db, id))?.mediaVersion;
      if (version === undefined) throw notFound(notFoundMessage.video);
      const temp = await storage.writeTemp(Readable.from([Buffer.from(vtt, 'utf8')]), '.vtt');
      try {
        const key = mediaKeys.caption(id, language, version);
        await publishThenRecord({ db, storage }, { temp, key }, async (tx) => {
          const video = await repository.lockVideoProcessing(tx, id);
          if (!video) throw notFound(notFoundMessage.video);
          // A cut began or switched meanwhile: the caption would not follow it.
          if (video.mediaVersion !== version || (await trimActive(tx, id)))
            throw conflict(TRIM_IN_PROGRESS);
          await captions.saveCaption(tx, id, language);
        });
      } finally {
        await storage.discardTemp(temp);
      }
    },

    async remove(viewer: Viewer, id: number, language: string): Promise<void> {
      requireMember(viewer);
      await visibleVideo(viewer, id);
      // Under the video's lock, as a new caption is recorded: a removal (one quick delete, no
      // bytes travelling) cannot take away a file a concurrent upload has just recorded.
      await db.transaction(async (tx) => {
        const video = await repository.lockVideoProcessing(tx, id);
        if (!video) throw notFound(notFoundMessage.video);
        if (await trimActive(tx, id)) throw conflict(TRIM_IN_PROGRESS);
        if (!(await captions.deleteCaption(tx, id, language))) throw noCaption();
        await storage.remove(mediaKeys.caption(id, language, video.mediaVersion), tx);
      });
    },
  };
};

import type { Chapter, ChapterList } from '@plateau/contract';
import { Privacy, Processing } from '@plateau/contract';
import { requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { vttTimestamp } from '../../media-tools/storyboard.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import * as media from './media.repository.ts';
import { renditionSeconds } from '../../media-tools/video-duration.ts';
import * as repository from './chapters.repository.ts';

export const sameStart = 'Deux chapitres commencent au même moment';
export const emptyTitle = 'Chaque chapitre doit avoir un titre';

/** WebVTT's reserved characters, so a title stays text in any player. */
const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A video's chapters, under the rule of the video itself: whoever may watch it reads them; a
 * member who may see it replaces them (as its captions).
 */
export const createChaptersService = ({ db, storage }: { db: Database; storage: MediaStorage }) => {
  const visibleVideo = async (viewer: Viewer, id: number) =>
    requireVisible(await media.findVideoMedia(db, viewer, id), viewer, notFoundMessage.video);

  return {
    async list(viewer: Viewer, id: number): Promise<ChapterList> {
      await visibleVideo(viewer, id);
      return { chapters: await repository.listChapters(db, id) };
    },

    /** The chapters sent become the video's, in order; none is refused silently. */
    async replace(viewer: Viewer, id: number, chapters: Chapter[]): Promise<ChapterList> {
      requireMember(viewer);
      await visibleVideo(viewer, id);
      const rows = chapters
        .map((chapter) => ({
          startMs: Math.round(chapter.start * 1000),
          title: chapter.title.trim(),
        }))
        .sort((a, b) => a.startMs - b.startMs);
      if (rows.some((row) => row.title === '')) throw badRequest(emptyTitle);
      if (rows.some((row, index) => index > 0 && row.startMs === rows[index - 1]!.startMs)) {
        throw badRequest(sameStart);
      }
      await db.transaction(async (tx) => {
        if (!(await media.lockVideoProcessing(tx, id))) throw notFound(notFoundMessage.video);
        await repository.replaceChapters(tx, id, rows);
      });
      return { chapters: await repository.listChapters(db, id) };
    },

    /**
     * The chapters as a WebVTT chapters track: each cue from its start to the next chapter's,
     * the last to the end of the video.
     */
    async track(viewer: Viewer, id: number) {
      const video = await visibleVideo(viewer, id);
      const chapters = await repository.listChapters(db, id);
      const end = (await renditionSeconds(storage, video)) ?? 48 * 3600;
      const cues = chapters.map((chapter, index) => {
        const until = chapters[index + 1]?.start ?? Math.max(end, chapter.start + 1);
        return `${vttTimestamp(chapter.start)} --> ${vttTimestamp(until)}\n${escapeText(chapter.title)}`;
      });
      return {
        vtt: `WEBVTT\n\n${cues.join('\n\n')}${cues.length > 0 ? '\n' : ''}`,
        isPublic: video.privacy === Privacy.Public && video.processing === Processing.Published,
      };
    },
  };
};

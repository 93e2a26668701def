import { createHash } from 'node:crypto';
import { Privacy, Processing } from '@plateau/contract';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { pointStoryboardAt } from '../../media-tools/storyboard.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { versionServed, type MediaFile } from './media.service.ts';
import * as repository from './media.repository.ts';

export type StoryboardPart = 'vtt' | 'jpg';

const noStoryboard = () => notFound('Aucun aperçu pour cette vidéo');

/** The track as answered: its cues point at the image route, with the track's own token. */
export interface StoryboardTrack {
  text: string;
  etag: string;
}

export const createStoryboardService = ({
  db,
  storage,
}: {
  db: Database;
  storage: MediaStorage;
}) => ({
  /**
   * The storyboard file under the rule of the video's renditions (`videoStream`): 404 for a
   * missing video, 401/403 when hidden, shared caches only for a public published video; and
   * 404 when the video has no rendition or no storyboard (encoded before storyboards existed).
   */
  async file(
    viewer: Viewer,
    id: number,
    part: StoryboardPart,
    version?: number,
  ): Promise<MediaFile & { version: number }> {
    const video = requireVisible(
      await repository.findVideoMedia(db, viewer, id),
      viewer,
      notFoundMessage.video,
    );
    const served = versionServed(video, version);
    const key =
      part === 'vtt' ? mediaKeys.storyboardVtt(id, served) : mediaKeys.storyboardImage(id, served);
    if (video.rungs.length === 0 || !(await storage.stat(key))) throw noStoryboard();
    return {
      key,
      version: served,
      isPublic: video.privacy === Privacy.Public && video.processing === Processing.Published,
    };
  },

  /**
   * The stored track (a few kB: read whole) with its image at `href`. The ETag is the body's,
   * so a track answered with another token or after a re-encode is another version.
   */
  async track(file: MediaFile, href: string): Promise<StoryboardTrack> {
    const size = (await storage.stat(file.key))?.size;
    const bytes = size === undefined ? null : await storage.readStart(file.key, size);
    if (!bytes) throw noStoryboard();
    const text = pointStoryboardAt(bytes.toString('utf8'), href);
    const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
    return { text, etag };
  },
});

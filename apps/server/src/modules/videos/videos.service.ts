import {
  Privacy,
  type NewVideoBody,
  type UpdateVideoBody,
  type Video,
  type VideoList,
} from '@plateau/contract';
import { requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { SignedInViewer, Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { findVideo, toVideo } from '../../db/video-query.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import {
  checkPrivacyChange,
  parseDate,
  parseDirectId,
  parsePromotion,
  resolveGpaRestricted,
} from './video-input.ts';
import * as repository from './videos.repository.ts';

/** Unknown tags or direct are the caller's mistake: a 400 naming the field, before any write. */
const checkReferences = async (
  db: Executor,
  tagIds: number[] | undefined,
  directId: number | null | undefined,
  directField: string,
) => {
  const unknownTags = await repository.unknownTagIds(db, tagIds ?? []);
  if (unknownTags.length > 0) {
    throw badRequest(`Paramètre invalide « tagIds » : tags inconnus ${unknownTags.join(', ')}`);
  }
  if (directId != null && !(await repository.directExists(db, directId))) {
    throw badRequest(`Paramètre invalide « ${directField} » : direct ${directId} introuvable`);
  }
};

const directField = (body: NewVideoBody) =>
  body.directId !== undefined ? 'directId' : 'direct_id';
const uniqueTags = (tagIds: number[] | undefined) =>
  tagIds === undefined ? undefined : [...new Set(tagIds)];

export const createVideosService = (db: Executor, storage: MediaStorage) => {
  /** A video the viewer may see: 404 when missing, 401/403 when hidden. */
  const visible = async (viewer: Viewer, id: number) =>
    requireVisible(await findVideo(db, id, viewer), viewer, notFoundMessage.video);

  const reload = async (id: number, viewer: SignedInViewer): Promise<Video> => {
    const row = await findVideo(db, id, viewer);
    if (!row) throw notFound(notFoundMessage.video);
    return toVideo(row, viewer);
  };

  return {
    /** Members also get unpublished videos (their preview); the answer has the list shape. */
    async get(viewer: Viewer, id: number): Promise<VideoList> {
      const video = await visible(viewer, id);
      return { videos: [toVideo(video, viewer)], nResults: 1 };
    },

    async create(viewer: Viewer, body: NewVideoBody): Promise<Video> {
      const author = requireMember(viewer);
      const privacy = body.privacy ?? Privacy.School;
      checkPrivacyChange(author, privacy, undefined);
      const directId = parseDirectId(body) ?? null;
      const tagIds = uniqueTags(body.tagIds);
      const fields = {
        title: body.title.trim(),
        description: body.description ?? '',
        privacy,
        gpaRestricted: resolveGpaRestricted(author, privacy, body.gpa_restricted, false),
        date: body.date === undefined ? new Date() : parseDate(body.date),
        promotion: body.promotion === undefined ? -1 : parsePromotion(body.promotion),
        directId,
      };
      const id = await db.transaction(async (tx) => {
        await checkReferences(tx, tagIds, directId, directField(body));
        const created = await repository.insertVideo(tx, { ...fields, authorId: author.userId });
        await repository.replaceVideoTags(tx, created, tagIds ?? []);
        return created;
      });
      return reload(id, author);
    },

    /** Fields left out keep their value; `tagIds`, when sent, replaces the tags. */
    async update(viewer: Viewer, id: number, body: UpdateVideoBody): Promise<Video> {
      const editor = requireMember(viewer);
      const current = await visible(editor, id);
      const privacy = body.privacy ?? current.privacy;
      checkPrivacyChange(editor, privacy, current.privacy);
      const directId = parseDirectId(body);
      const tagIds = uniqueTags(body.tagIds);
      const fields = {
        title: body.title.trim(),
        description: body.description ?? current.description,
        privacy,
        gpaRestricted: resolveGpaRestricted(
          editor,
          privacy,
          body.gpa_restricted,
          current.gpaRestricted,
        ),
        date: body.date === undefined ? new Date(current.date) : parseDate(body.date),
        promotion:
          body.promotion === undefined ? current.promotion : parsePromotion(body.promotion),
        directId: directId === undefined ? current.directId : directId,
      };
      await db.transaction(async (tx) => {
        await checkReferences(tx, tagIds, directId, directField(body));
        await repository.updateVideo(tx, id, fields);
        if (tagIds !== undefined) await repository.replaceVideoTags(tx, id, tagIds);
      });
      return reload(id, editor);
    },

    /** Likes, history, playlist entries, tag links and trending slots go by FK cascade. */
    async remove(viewer: Viewer, id: number): Promise<void> {
      const member = requireMember(viewer);
      await visible(member, id);
      if (!(await repository.deleteVideo(db, id))) throw notFound(notFoundMessage.video);
      // Files go once the row is gone, so no request can reach a half-deleted video.
      await storage.removePrefix(mediaKeys.videoFolder(id));
    },
  };
};

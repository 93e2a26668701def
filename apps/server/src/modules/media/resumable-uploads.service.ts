import type { IncomingHttpHeaders } from 'node:http';
import { Metadata, type Upload } from '@tus/server';
import {
  resumableMetadataKeys as keys,
  resumableUploadKinds,
  type ResumableUploadKind,
} from '@plateau/contract';
import { requireMember } from '../../access/guards.ts';
import type { SignedInViewer, Viewer } from '../../access/viewer.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import type { DiskGuard } from '../../storage/free-space.ts';
import { isResumableUploadId, type ResumableStore } from '../../storage/resumable-store.ts';
import { isStorageUnavailable, StorageUnavailableError } from '../../storage/storage-errors.ts';
import type { MediaService } from './media.service.ts';
import { requireUploadRoom, storageDown } from './upload-room.ts';

const tooLarge = () => new HttpError(413, 'Le fichier dépasse la taille maximale autorisée');
const uploadNotFound = () => notFound('Envoi introuvable ou expiré : recommencez l’envoi');
const alreadyFinished = () => conflict('Cet envoi est déjà terminé');
/** The uploader, stored by the server in the upload's metadata (a client's value is replaced). */
const UPLOADER = 'userId';

/** What an upload is for, read from its creation metadata. */
export interface UploadTarget {
  kind: ResumableUploadKind;
  videoId: number;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const parseMetadata = (header: string | undefined) => {
  try {
    return Metadata.parse(header);
  } catch {
    throw badRequest('Métadonnées d’envoi invalides (Upload-Metadata)');
  }
};

/** The target an upload's metadata names, or a 400 saying what is wrong. */
export const targetOf = (metadata: Record<string, string | null> | undefined): UploadTarget => {
  const kind = metadata?.[keys.kind];
  if (!resumableUploadKinds.includes(kind as ResumableUploadKind)) {
    throw badRequest('Type d’envoi invalide : « video » ou « thumbnail » attendu');
  }
  const id = metadata?.[keys.videoId] ?? '';
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2 ** 31 - 1) {
    throw badRequest('Identifiant de vidéo invalide dans les métadonnées d’envoi');
  }
  return { kind: kind as ResumableUploadKind, videoId: Number(id) };
};

export interface ResumableUploadsServiceDeps {
  media: MediaService;
  store: ResumableStore;
  maxUploadBytes: number;
  /** DISK_FREE_FLOOR, counting what the store's unfinished uploads still have to write. */
  disk: DiskGuard;
  log: { warn(message: string): void };
}

export const createResumableUploadsService = ({
  media,
  store,
  maxUploadBytes,
  disk,
  log,
}: ResumableUploadsServiceDeps) => {
  /** The creation request, checked before a byte is accepted. */
  const checkCreation = async (viewer: Viewer, headers: IncomingHttpHeaders) => {
    requireMember(viewer);
    const rawLength = single(headers['upload-length']);
    if (rawLength === undefined || !/^\d{1,16}$/.test(rawLength)) {
      throw badRequest('La taille du fichier (Upload-Length) est requise à la création de l’envoi');
    }
    const target = targetOf(parseMetadata(single(headers['upload-metadata'])));
    await media.checkUploadTarget(viewer, target.kind, target.videoId);
    const length = Number(rawLength);
    if (length > maxUploadBytes) throw tooLarge();
    // The uploads already accepted keep their room: the guard counts what they still owe.
    await requireUploadRoom(disk, length, log);
  };

  /** An existing upload, only for the member who began it and while they may still send it. */
  const ownUpload = async (viewer: Viewer, id: string): Promise<Upload> => {
    const member = requireMember(viewer);
    if (!isResumableUploadId(id)) throw uploadNotFound();
    const upload = await store.getUpload(id).catch((error: unknown) => {
      // A store that does not answer says nothing of the upload: the client retries later.
      if (error instanceof StorageUnavailableError) throw storageDown();
      return null;
    });
    if (!upload || upload.metadata?.[UPLOADER] !== String(member.userId)) throw uploadNotFound();
    return upload;
  };

  /**
   * The last byte arrived: the file is checked and attached to its video exactly as a
   * multipart upload is; refused, the upload is removed; attached, it is marked finished.
   * tus calls this after releasing the upload's lock, so two requests (on two instances) may
   * both see the upload complete: only the one that claims it attaches it.
   */
  const finish = async (viewer: Viewer, upload: Upload, wait = true): Promise<void> => {
    if (!(await store.claimFinish(upload.id, wait))) throw alreadyFinished();
    try {
      const target = targetOf(upload.metadata);
      await media.checkUploadTarget(viewer, target.kind, target.videoId);
      await store.withUploadedFile(upload.id, (file) =>
        media.storeUpload(target.kind, target.videoId, file),
      );
    } catch (error) {
      if (isStorageUnavailable(error)) {
        // Nothing wrong with the file: it stays, unclaimed, for the next request to attach.
        await store.releaseClaim(upload.id).catch(() => undefined);
        throw error;
      }
      await store.remove(upload.id).catch(() => undefined);
      await store.forget(upload.id);
      throw error;
    }
    await store.markFinished(upload.id);
  };

  return {
    /**
     * Who may do what, before tus handles the request: creation by a member allowed to upload
     * to the named video with room for the length; anything on an upload by its uploader only,
     * and a PATCH only while the video may still receive it.
     */
    async checkRequest(
      method: string,
      viewer: Viewer,
      id: string | undefined,
      headers: IncomingHttpHeaders,
    ): Promise<void> {
      if (method === 'OPTIONS') return;
      if (headers['tus-resumable'] !== '1.0.0') {
        throw new HttpError(412, 'Protocole tus 1.0.0 requis (en-tête Tus-Resumable)');
      }
      if (id === undefined) return checkCreation(viewer, headers);
      const upload = await ownUpload(viewer, id);
      const complete = upload.size !== undefined && upload.offset === upload.size;
      // Complete but not attached: its attachment failed with the store down. Done now, so
      // the client learning it complete from this answer is right.
      if (complete && method !== 'DELETE' && !(await store.isFinished(id))) {
        // Not waiting for a claim held elsewhere: that attachment is under way.
        await finish(viewer, upload, false).catch((error: unknown) => {
          if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
        });
      }
      if (method !== 'PATCH') return;
      if (complete) throw alreadyFinished();
      if (!/^\d{1,16}$/.test(single(headers['upload-offset']) ?? '')) {
        throw badRequest('Position d’envoi invalide (Upload-Offset)');
      }
      const target = targetOf(upload.metadata);
      await media.checkUploadTarget(viewer, target.kind, target.videoId);
    },

    /** The metadata tus stores: the client's, with the uploader set by the server. */
    metadataFor: (viewer: SignedInViewer, metadata: Upload['metadata']) => ({
      ...metadata,
      [UPLOADER]: String(viewer.userId),
    }),

    finish,
  };
};

export type ResumableUploadsService = ReturnType<typeof createResumableUploadsService>;

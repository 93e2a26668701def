import type { ResumableUploadKind } from '@plateau/contract';
import { resumableMetadataKeys, resumableUploadPath } from '@plateau/contract/constants';
import { API_BASE } from '../api.ts';

/**
 * The tus endpoint, absolute: tus-js-client resolves the server's relative `Location` against
 * it (a relative endpoint would leave it relative).
 */
export const uploadEndpoint = () => `${location.origin}${API_BASE}${resumableUploadPath}`;

/** The creation request's `Upload-Metadata` (the server adds who is sending). */
export const uploadMetadata = (videoId: number, kind: ResumableUploadKind, file: File) => ({
  [resumableMetadataKeys.videoId]: String(videoId),
  [resumableMetadataKeys.kind]: kind,
  [resumableMetadataKeys.filename]: file.name,
  [resumableMetadataKeys.filetype]: file.type,
});

/**
 * Which stored upload a file continues: the same person, video, kind and file (name, size,
 * last change). Another file for the same video starts anew.
 */
export const fingerprintOf = (
  userId: number,
  videoId: number,
  kind: ResumableUploadKind,
  file: File,
) =>
  [
    'plateau',
    userId,
    videoId,
    kind,
    encodeURIComponent(file.name),
    file.size,
    file.lastModified,
  ].join(':');

export const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' } as const;

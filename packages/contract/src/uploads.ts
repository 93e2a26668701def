/**
 * Resumable uploads (tus 1.0) under `/api/uploads`: the web app sends video files through them
 * so that a cut, a sleeping laptop, a reload or a server restart resumes where it stopped.
 * The spec's multipart `POST /api/media/{kind}/{id}` stays for other clients.
 */

/** The tus endpoint, under the API base. */
export const resumableUploadPath = '/uploads';

/** What a resumable upload may carry: a video's source file or its thumbnail. */
export const resumableUploadKinds = ['video', 'thumbnail'] as const;
export type ResumableUploadKind = (typeof resumableUploadKinds)[number];

/**
 * The `Upload-Metadata` keys of the creation request. `videoId` (decimal) and `kind` are
 * required; `filename` and `filetype` are informative. The server adds the uploader's own id
 * and ignores any the client sends.
 */
export const resumableMetadataKeys = {
  videoId: 'videoId',
  kind: 'kind',
  filename: 'filename',
  filetype: 'filetype',
} as const;

/**
 * Hours an unfinished upload is kept after its last received byte (server default; the server
 * sends the exact `Upload-Expires`). A paused upload is never removed before.
 */
export const resumableUploadDefaultExpiryHours = 24;

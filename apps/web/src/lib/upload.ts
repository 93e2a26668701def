import { API_BASE, ApiError, authorizationHeaders } from './api.ts';

/** The three uploads of spec section 7, each with its multipart field. */
export type UploadKind = 'video' | 'thumbnail' | 'poster';

const FIELDS: Record<UploadKind, string> = {
  video: 'video_upload',
  thumbnail: 'thumbnail_upload',
  poster: 'poster_upload',
};

export interface UploadOptions {
  /** 0-100 from the bytes sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends `file` to `POST /api/media/{kind}/{id}` as multipart, reporting real progress from the
 * bytes sent. axios (XHR underneath) streams the File from disk, so a 2 GB video never sits in
 * the tab's memory; it is loaded here, on the pages that upload, never on the landing page.
 * Resolves once the server answers with its ok flag; any failure is logged with
 * `[HTTPERROR]` and rejected as an `ApiError`, like every call.
 */
export const uploadMedia = async (
  kind: UploadKind,
  id: number,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<void> => {
  const { default: axios } = await import('axios');
  const url = `${API_BASE}/media/${kind}/${id}`;
  const form = new FormData();
  form.append(FIELDS[kind], file);
  try {
    const { data } = await axios.post<{ ok?: boolean }>(url, form, {
      headers: authorizationHeaders(),
      signal,
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        if (total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / total) * 100)));
      },
    });
    if (data?.ok === false) throw new ApiError(500, 'Réponse sans ok');
  } catch (cause) {
    if (signal?.aborted) throw cause;
    if (cause instanceof ApiError) {
      console.error('[HTTPERROR]', 'POST', url, cause.status, cause.message);
      throw cause;
    }
    const response = (
      cause as { response?: { status: number; data?: { message?: unknown } } } | undefined
    )?.response;
    console.error('[HTTPERROR]', 'POST', url, response?.status ?? 'no answer', response?.data);
    const message = response?.data?.message;
    throw new ApiError(
      response?.status ?? 500,
      typeof message === 'string' ? message : 'Le serveur ne répond pas',
    );
  }
};

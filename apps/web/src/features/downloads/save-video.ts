import type { Video } from '@plateau/contract';
import { apiFetch, apiUrl } from '../../lib/api.ts';
import { getSession } from '../../lib/session.ts';
import { videoFileName } from './file-name.ts';

/** How a finished download reached the disk. */
export type SaveOutcome = 'saved' | 'handed-off';

export interface TransferOptions {
  signal: AbortSignal;
  /** Bytes received so far and the total, null when the server did not say. */
  onProgress: (received: number, total: number | null) => void;
}

export type Transfer = (video: Video, options: TransferOptions) => Promise<SaveOutcome>;

/** Above this a file is never held in memory: the browser's own download manager takes it. */
export const BLOB_LIMIT = 200 * 1024 * 1024;

export const downloadPath = (id: number) => `media/video/download/${id}/1080`;

// File System Access (Chromium, Edge): not in TypeScript's DOM library yet.
interface WritableFile {
  write: (chunk: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
  abort: (reason?: unknown) => Promise<void>;
}
interface SaveFilePicker {
  (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }): Promise<{ createWritable: () => Promise<WritableFile> }>;
}

const savePicker = (): SaveFilePicker | null => {
  const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  return typeof picker === 'function' ? picker.bind(window) : null;
};

const totalOf = (response: Response) => {
  const length = Number.parseInt(response.headers.get('content-length') ?? '', 10);
  return Number.isFinite(length) && length >= 0 ? length : null;
};

/** Reads the body chunk by chunk into `sink`, reporting progress; never the whole file at once. */
const pump = async (
  response: Response,
  { signal, onProgress }: TransferOptions,
  sink: (chunk: Uint8Array) => unknown,
) => {
  const total = totalOf(response);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('Réponse sans contenu');
  // Cancelling ends a read that is waiting for bytes, whatever the fetch does with its signal.
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  try {
    let received = 0;
    onProgress(0, total);
    for (;;) {
      const { done, value } = await reader.read();
      signal.throwIfAborted();
      if (done) break;
      await sink(value);
      received += value.byteLength;
      onProgress(received, total);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
};

/** Follows a link the way a click would, so the browser saves it. */
const followLink = (href: string, fileName: string) => {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
};

/**
 * Saves the video's 1080 file as `{title}.mp4` without ever holding a big file in memory:
 * - File System Access (Chromium, Edge): a save dialog, then the body streamed into the file;
 * - elsewhere, a small file (known size up to BLOB_LIMIT) goes through a Blob;
 * - a bigger or unsized one is handed to the browser's download manager, a plain link with
 *   `?token=` (a link cannot send the header); the first request already checked access.
 * The picker is opened first, while the click that asked for it still counts as a gesture.
 */
export const saveVideo: Transfer = async (video, options) => {
  const fileName = videoFileName(video.title);
  const path = downloadPath(video.id);
  const picker = savePicker();
  if (picker) {
    const handle = await picker({
      suggestedName: fileName,
      types: [{ description: 'Vidéo MP4', accept: { 'video/mp4': ['.mp4'] } }],
    });
    const response = await apiFetch(path, options.signal);
    const file = await handle.createWritable();
    try {
      await pump(response, options, (chunk) => file.write(chunk));
      await file.close();
    } catch (error) {
      // Leaves no half-written file behind (the browser discards its temporary copy).
      await file.abort(error).catch(() => {});
      throw error;
    }
    return 'saved';
  }

  const response = await apiFetch(path, options.signal);
  const total = totalOf(response);
  if (total === null || total > BLOB_LIMIT) {
    // Not awaited: a cancel settles only once every reader of the body has let go.
    void response.body?.cancel().catch(() => {});
    const token = getSession().token ?? undefined;
    followLink(apiUrl(path, { token }), fileName);
    return 'handed-off';
  }
  const chunks: Uint8Array[] = [];
  await pump(response, options, (chunk) => chunks.push(chunk));
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'video/mp4' }));
  followLink(url, fileName);
  // The browser copies the Blob when the download starts; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'saved';
};

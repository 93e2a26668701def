import type { Video } from '@plateau/contract';
import { onSessionChange } from '../../lib/session.ts';
import { saveVideo, type Transfer } from './save-video.ts';

export type DownloadStatus = 'downloading' | 'completed' | 'error' | 'cancelled';

/** One entry of the download panel (spec section 3, "Download queue entry"). */
export interface DownloadEntry {
  id: number;
  video: Video;
  /** 0-100. */
  progress: number;
  /** False while the server has not said how big the file is (the bar is indeterminate). */
  sizeKnown: boolean;
  status: DownloadStatus;
  /** True once slid in; false again when dismissed, while it slides out. */
  shown: boolean;
  /** The browser's own download manager took the file over (no File System Access). */
  handedOff: boolean;
  controller: AbortController;
}

/** Spec section 9. */
export const SLIDE_IN_MS = 10;
export const COMPLETED_DISMISS_MS = 3000;
export const ERROR_DISMISS_MS = 10_000;
export const SLIDE_OUT_MS = 500;

// Module level, so downloads go on (and stay listed) while the person browses other pages.
let entries: readonly DownloadEntry[] = [];
let nextId = 1;
let transfer: Transfer = saveVideo;
const timers = new Map<number, ReturnType<typeof setTimeout>[]>();
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

const find = (id: number) => entries.find((entry) => entry.id === id);

const update = (id: number, change: Partial<DownloadEntry>) => {
  if (!find(id)) return;
  entries = entries.map((entry) => (entry.id === id ? { ...entry, ...change } : entry));
  emit();
};

const later = (id: number, delay: number, action: () => void) => {
  const timer = setTimeout(action, delay);
  timers.set(id, [...(timers.get(id) ?? []), timer]);
};

const remove = (id: number) => {
  timers.get(id)?.forEach(clearTimeout);
  timers.delete(id);
  if (!find(id)) return;
  entries = entries.filter((entry) => entry.id !== id);
  emit();
};

export const subscribeDownloads = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const getDownloads = () => entries;

/** Slides the entry out, then hides it (drops it from the panel). */
export const dismissDownload = (id: number) => {
  const entry = find(id);
  if (!entry || !entry.shown) {
    if (entry) remove(id);
    return;
  }
  update(id, { shown: false });
  later(id, SLIDE_OUT_MS, () => remove(id));
};

const settle = (id: number, status: DownloadStatus, change: Partial<DownloadEntry> = {}) => {
  const entry = find(id);
  // A cancelled entry stays cancelled whatever its aborted request answers.
  if (!entry || entry.status !== 'downloading') return;
  update(id, { ...change, status });
  if (status === 'completed') later(id, COMPLETED_DISMISS_MS, () => dismissDownload(id));
  else if (status === 'error') later(id, ERROR_DISMISS_MS, () => dismissDownload(id));
  else dismissDownload(id);
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Starts downloading `video` (ignored while the same video is downloading). Resolves once the
 * entry has settled; the transfer is called at once, so a save dialog opens within the click.
 */
export const startDownload = async (video: Video): Promise<void> => {
  if (entries.some((entry) => entry.video.id === video.id && entry.status === 'downloading')) {
    return;
  }
  const id = nextId++;
  const controller = new AbortController();
  entries = [
    ...entries,
    {
      id,
      video,
      progress: 0,
      sizeKnown: false,
      status: 'downloading',
      shown: false,
      handedOff: false,
      controller,
    },
  ];
  emit();
  later(id, SLIDE_IN_MS, () => update(id, { shown: true }));

  let lastProgress = -1;
  try {
    const outcome = await transfer(video, {
      signal: controller.signal,
      onProgress: (received, total) => {
        const progress = total ? Math.min(100, Math.floor((received * 100) / total)) : 0;
        // One update per whole percent, not one per chunk.
        if (progress === lastProgress) return;
        lastProgress = progress;
        update(id, { progress, sizeKnown: total !== null });
      },
    });
    settle(id, 'completed', {
      progress: 100,
      sizeKnown: true,
      handedOff: outcome === 'handed-off',
    });
  } catch (error) {
    // Closing the save dialog is a cancel too; anything else is a failure worth a retry.
    if (controller.signal.aborted || isAbort(error)) settle(id, 'cancelled');
    else {
      // The request itself was logged by lib/api; this covers disk and stream failures.
      console.error('[HTTPERROR]', 'téléchargement', video.id, error);
      settle(id, 'error');
    }
  }
};

/** Aborts the request, marks the entry cancelled and dismisses it. */
export const cancelDownload = (id: number) => {
  const entry = find(id);
  if (!entry || entry.status !== 'downloading') return;
  entry.controller.abort();
  settle(id, 'cancelled');
};

/** Starts the same video again and removes the failed entry. */
export const retryDownload = (id: number): Promise<void> => {
  const entry = find(id);
  if (!entry || entry.status !== 'error') return Promise.resolve();
  remove(id);
  return startDownload(entry.video);
};

/** Stops every download and empties the panel. */
const clearDownloads = () => {
  entries.forEach((entry) => entry.controller.abort());
  timers.forEach((list) => list.forEach(clearTimeout));
  timers.clear();
  entries = [];
  emit();
};

// The panel names the previous person's videos, and their token fetches the bytes: neither
// survives a change of person.
onSessionChange(clearDownloads);

/** Tests only: another way to move bytes, and a clean slate. */
export const setTransferForTests = (next: Transfer) => {
  transfer = next;
};
export const resetDownloads = () => {
  clearDownloads();
  transfer = saveVideo;
};

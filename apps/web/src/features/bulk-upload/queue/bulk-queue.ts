import { ApiError } from '../../../lib/api.ts';
import type {
  ResumableUpload,
  ResumableUploadOptions,
  TransferProgress,
  UploadPhase,
} from '../../../lib/resumable-upload/resumable-upload.ts';
import { progressOf } from '../../../lib/resumable-upload/transfer-meter.ts';

/**
 * waiting (En attente); creating, uploading (Envoi); paused (En pause); verifying (every byte
 * sent, the server checks the file); then done, cancelled or error.
 */
export type ItemStatus =
  'waiting' | 'creating' | 'uploading' | 'paused' | 'verifying' | 'done' | 'cancelled' | 'error';

export interface QueueItem {
  id: number;
  file: File;
  title: string;
  /** The day the MP4 says it was recorded; null when it says nothing, undefined while read. */
  recordedOn: string | null | undefined;
  status: ItemStatus;
  /** The pending video made for the file, once its turn came. */
  videoId: number | null;
  progress: TransferProgress;
  /** Waiting for the network to come back. */
  offline: boolean;
  /** Why it failed (French), or what went wrong while cancelling. */
  message: string | null;
}

export interface QueueState {
  items: readonly QueueItem[];
  /** Uploads at once: one by default (a school Wi-Fi shares its bandwidth), or two. */
  concurrency: 1 | 2;
  /** Started and not drained: the shared form is locked, new files join the run. */
  running: boolean;
}

export interface QueueDeps {
  /** Creates the pending video for an item when its turn comes; answers its id. */
  createVideo: (item: QueueItem) => Promise<number>;
  deleteVideo: (videoId: number) => Promise<void>;
  startUpload: (options: ResumableUploadOptions) => Promise<ResumableUpload>;
  readRecordedOn: (file: File) => Promise<string | null>;
  titleOf: (file: File) => string;
}

const ACTIVE: readonly ItemStatus[] = ['creating', 'uploading', 'verifying'];
const OVER: readonly ItemStatus[] = ['done', 'cancelled', 'error'];
export const isOver = (status: ItemStatus) => OVER.includes(status);

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The multi-file upload's queue, outside React so that its uploads outlive renders: files wait
 * in order, each becomes a pending video when its turn comes (so a file cancelled before never
 * leaves one), then goes as a resumable upload; one or two at a time.
 */
export class BulkQueue {
  private state: QueueState = { items: [], concurrency: 1, running: false };
  private readonly listeners = new Set<() => void>();
  private readonly uploads = new Map<number, ResumableUpload>();
  private readonly dates = new Map<number, Promise<string | null>>();
  private nextId = 1;

  constructor(private readonly deps: QueueDeps) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.state;

  private set(change: Partial<QueueState>) {
    this.state = { ...this.state, ...change };
    this.listeners.forEach((listener) => listener());
  }

  private item(id: number) {
    return this.state.items.find((item) => item.id === id);
  }

  private update(id: number, change: Partial<QueueItem>) {
    this.set({
      items: this.state.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
    });
  }

  add(files: readonly File[]) {
    const added = files.map((file): QueueItem => {
      const id = this.nextId++;
      const date = this.deps.readRecordedOn(file).catch(() => null);
      this.dates.set(id, date);
      void date.then((recordedOn) => this.update(id, { recordedOn }));
      return {
        id,
        file,
        title: this.deps.titleOf(file),
        recordedOn: undefined,
        status: 'waiting',
        videoId: null,
        progress: progressOf(0, file.size),
        offline: false,
        message: null,
      };
    });
    this.set({ items: [...this.state.items, ...added] });
    this.pump();
  }

  start() {
    this.set({ running: true });
    this.pump();
  }

  setConcurrency(concurrency: 1 | 2) {
    this.set({ concurrency });
    this.pump();
  }

  /** Swaps the item with its neighbour above (-1) or below (+1). */
  move(id: number, by: -1 | 1) {
    const items = [...this.state.items];
    const from = items.findIndex((item) => item.id === id);
    const to = from + by;
    const [moved] = from >= 0 && to >= 0 && to < items.length ? items.splice(from, 1) : [];
    if (!moved) return;
    items.splice(to, 0, moved);
    this.set({ items });
  }

  pause(id: number) {
    const item = this.item(id);
    if (!item || !['waiting', 'creating', 'uploading'].includes(item.status)) return;
    this.update(id, { status: 'paused', offline: false });
    this.uploads.get(id)?.pause();
    this.pump();
  }

  /** Back in line: it goes on when a place is free, in its order. */
  resume(id: number) {
    if (this.item(id)?.status !== 'paused') return;
    this.update(id, { status: 'waiting' });
    this.pump();
  }

  pauseAll() {
    this.state.items.forEach((item) => this.pause(item.id));
  }

  resumeAll() {
    this.state.items.forEach((item) => this.resume(item.id));
  }

  /** Another try for a failed file: the same pending video, resumed where the server stopped. */
  retry(id: number) {
    if (this.item(id)?.status !== 'error') return;
    this.update(id, { status: 'waiting', message: null });
    this.set({ running: true });
    this.pump();
  }

  /** Stops the file's upload, removes it from the server, and the pending video made for it. */
  async cancel(id: number) {
    const item = this.item(id);
    if (!item || item.status === 'done' || item.status === 'cancelled') return;
    const upload = this.uploads.get(id);
    this.uploads.delete(id);
    this.update(id, { status: 'cancelled', offline: false });
    this.pump();
    await upload?.cancel();
    // While it was being created, the creation removes it when it answers (run below).
    if (item.videoId !== null) await this.deleteVideo(id, item.videoId);
  }

  /** The page is left: the uploads stop where they are (their pages can resume them). */
  stopAll() {
    this.uploads.forEach((upload) => upload.stop());
    this.uploads.clear();
  }

  private async deleteVideo(id: number, videoId: number) {
    try {
      await this.deps.deleteVideo(videoId);
    } catch {
      this.update(id, {
        message: 'La vidéo créée n’a pas pu être supprimée : supprimez-la des vidéos en attente',
      });
    }
  }

  /** Starts the next waiting items, in order, while places are free. */
  private pump() {
    const { items, concurrency, running } = this.state;
    if (!running) return;
    let free = concurrency - items.filter((item) => ACTIVE.includes(item.status)).length;
    for (const item of items) {
      if (free <= 0) break;
      if (item.status !== 'waiting') continue;
      free -= 1;
      void this.run(item.id);
    }
    // Nothing left to send: the form is the member's again.
    if (items.every((item) => isOver(item.status))) this.set({ running: false });
  }

  private async run(id: number) {
    const existing = this.uploads.get(id);
    if (existing) {
      this.update(id, { status: 'uploading' });
      return existing.resume();
    }
    const item = this.item(id);
    if (!item) return;
    this.update(id, { status: 'creating', message: null });
    let videoId = item.videoId;
    try {
      if (videoId === null) {
        const recordedOn = await this.dates.get(id);
        videoId = await this.deps.createVideo({ ...item, recordedOn });
        this.update(id, { videoId });
      }
    } catch (error) {
      return this.failed(id, messageOf(error, 'Erreur pendant la création de la video'));
    }
    if (this.item(id)?.status === 'cancelled') return this.deleteVideo(id, videoId);
    if (this.item(id)?.status === 'paused') return;
    try {
      const upload = await this.deps.startUpload({
        videoId,
        kind: 'video',
        file: item.file,
        onProgress: (progress) => this.update(id, { progress }),
        onPhase: (phase) => this.onPhase(id, phase),
      });
      this.uploads.set(id, upload);
      const now = this.item(id)?.status;
      if (now === 'cancelled') void upload.cancel();
      else if (now === 'paused') upload.pause();
      else this.update(id, { status: 'uploading' });
      await upload.finished;
      this.uploads.delete(id);
      this.update(id, { status: 'done', offline: false });
      this.pump();
    } catch (error) {
      this.uploads.delete(id);
      if (!isAbort(error)) this.failed(id, messageOf(error, 'Erreur pendant l’envoi'));
    }
  }

  private onPhase(id: number, phase: UploadPhase) {
    const status = this.item(id)?.status;
    if (!status || isOver(status)) return;
    if (phase === 'offline') return this.update(id, { offline: true });
    if (phase === 'verifying') return this.update(id, { status: 'verifying', offline: false });
    if (phase === 'uploading' && status !== 'paused') {
      return this.update(id, { status: 'uploading', offline: false });
    }
  }

  private failed(id: number, message: string) {
    this.update(id, { status: 'error', message, offline: false });
    this.pump();
  }
}

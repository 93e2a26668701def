import type { ResumableUploadKind } from '@plateau/contract';
import type { DetailedError, Upload } from 'tus-js-client';
import { ApiError, currentBearer, tokenRefused } from '../api.ts';
import { getSession, onSessionChange } from '../session.ts';
import { fingerprintOf, uploadEndpoint, uploadMetadata } from './protocol.ts';
import {
  forgetStoredUpload,
  noteBytesSent,
  storedUploads,
  urlStorageFor,
} from './stored-uploads.ts';
import { abandonStoredUpload, terminateUpload } from './tus-calls.ts';
import { isFinalRefusal, RETRY_DELAYS, shouldRetry, statusOf, uploadError } from './tus-answers.ts';
import { createTransferMeter, progressOf, type TransferProgress } from './transfer-meter.ts';

export type { TransferProgress } from './transfer-meter.ts';

/**
 * uploading; offline (waiting for the network); paused (by the person); verifying (every byte
 * sent, the server checks the file); then done, failed or cancelled.
 */
export type UploadPhase =
  'uploading' | 'offline' | 'paused' | 'verifying' | 'done' | 'failed' | 'cancelled';

export interface ResumableUploadOptions {
  videoId: number;
  kind: ResumableUploadKind;
  file: File;
  onProgress?: (progress: TransferProgress) => void;
  onPhase?: (phase: UploadPhase) => void;
}

export interface ResumableUpload {
  /**
   * Resolves once the server holds the whole file, attached to the video; rejects with an
   * `ApiError` (French message) when it fails for good, with an AbortError when cancelled or
   * stopped.
   */
  readonly finished: Promise<void>;
  pause(): void;
  resume(): void;
  /** Stops and removes the upload from the server. */
  cancel(): Promise<void>;
  /** Stops without a word to the server (the page is left): a later visit may resume it. */
  stop(): void;
}

/** No byte moved for this long: the connection died silently, so it is opened again. */
const STALL_MS = 60_000;
const WATCH_MS = 5_000;
/** Progress reaches the screen at most this often (the browser reports every few ms). */
const REPORT_MS = 200;
const NOTE_MS = 3_000;

const stopped = () => new DOMException('Envoi interrompu', 'AbortError');

const running = new Set<Transfer>();
let sessionHooked = false;

type Tus = typeof import('tus-js-client');

class Transfer implements ResumableUpload {
  readonly finished: Promise<void>;
  readonly upload: Upload;
  private phase: UploadPhase = 'uploading';
  private key: string | null = null;
  private readonly meter = createTransferMeter();
  private progress: TransferProgress;
  private lastActivity = performance.now();
  private lastReport = 0;
  private lastNote = 0;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };

  constructor(
    tus: Tus,
    readonly userId: number,
    readonly options: ResumableUploadOptions,
  ) {
    const { videoId, kind, file } = options;
    this.progress = progressOf(0, file.size);
    this.finished = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // A cancel before anyone awaits must not surface as an unhandled rejection.
    this.finished.catch(() => {});
    const fingerprint = fingerprintOf(userId, videoId, kind, file);
    this.upload = new tus.Upload(file, {
      endpoint: uploadEndpoint(),
      metadata: uploadMetadata(videoId, kind, file),
      fingerprint: () => Promise.resolve(fingerprint),
      urlStorage: urlStorageFor(userId, { videoId, kind, fileName: file.name }, (key) => {
        this.key = key;
      }),
      removeFingerprintOnSuccess: true,
      retryDelays: RETRY_DELAYS,
      onShouldRetry: (error) => shouldRetry(error),
      // The token is read for each request: it may have changed since the upload began.
      onBeforeRequest: (request) => {
        const token = currentBearer();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onAfterResponse: (request, response) => {
        if (response.getStatus() === 401) {
          tokenRefused(request.getHeader('Authorization')?.replace(/^Bearer /, '') ?? null);
        }
      },
      onProgress: (sent, total) => this.onProgress(sent, total),
      onSuccess: () => this.succeed(),
      onError: (error) => this.fail(error),
    });
  }

  /** Resumes the stored upload of this very file if there is one, else creates a new one. */
  async begin() {
    const { videoId, kind } = this.options;
    const [previous, ...others] = await this.upload.findPreviousUploads();
    others.forEach((other) => forgetStoredUpload(other.urlStorageKey));
    if (previous) {
      this.upload.resumeFromPreviousUpload(previous);
      this.key = previous.urlStorageKey;
    }
    // Another file started for this video can never be finished now: the server drops it.
    for (const stale of storedUploads(this.userId)) {
      if (stale.videoId === videoId && stale.kind === kind && stale.key !== this.key) {
        void abandonStoredUpload(stale);
      }
    }
    running.add(this);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    this.watchdog = setInterval(this.watch, WATCH_MS);
    if (navigator.onLine) this.upload.start();
    else this.setPhase('offline');
  }

  pause() {
    if (this.phase !== 'uploading' && this.phase !== 'offline') return;
    void this.upload.abort(false);
    this.note(true);
    this.setPhase('paused');
  }

  resume() {
    if (this.phase !== 'paused') return;
    this.restart();
  }

  async cancel() {
    if (this.isOver()) return;
    this.end();
    await this.upload.abort(false);
    if (this.key) forgetStoredUpload(this.key);
    if (this.upload.url) await terminateUpload(this.upload.url);
    this.setPhase('cancelled');
    this.settle.reject(stopped());
  }

  stop() {
    if (this.isOver()) return;
    this.end();
    void this.upload.abort(false);
    this.note(true);
    this.settle.reject(stopped());
  }

  private isOver() {
    return this.phase === 'done' || this.phase === 'failed' || this.phase === 'cancelled';
  }

  private setPhase(phase: UploadPhase) {
    this.lastActivity = performance.now();
    if (phase === this.phase) return;
    this.phase = phase;
    this.options.onPhase?.(phase);
  }

  /** Starts again from the server's offset (tus-js-client asks it with a HEAD). */
  private restart() {
    this.meter.restart();
    if (!navigator.onLine) return this.setPhase('offline');
    this.setPhase('uploading');
    this.upload.start();
  }

  private onProgress(sent: number, total: number) {
    this.lastActivity = performance.now();
    this.progress = this.meter.measure(sent, total);
    if (sent >= total) this.setPhase('verifying');
    else if (this.phase === 'verifying') this.setPhase('uploading');
    const now = performance.now();
    if (sent >= total || now - this.lastReport >= REPORT_MS) {
      this.lastReport = now;
      this.options.onProgress?.(this.progress);
    }
    this.note(false);
  }

  /** Keeps the bytes sent with the stored entry, for the offer to resume after a reload. */
  private note(now: boolean) {
    if (!this.key || (!now && performance.now() - this.lastNote < NOTE_MS)) return;
    this.lastNote = performance.now();
    noteBytesSent(this.key, this.progress.bytesSent);
  }

  private succeed() {
    this.end();
    if (this.key) forgetStoredUpload(this.key);
    this.options.onProgress?.({ ...this.progress, percent: 100, secondsLeft: 0 });
    this.setPhase('done');
    this.settle.resolve();
  }

  private fail(error: Error | DetailedError) {
    const status = statusOf(error);
    // The network went away and the tries were spent (or not tried): wait for it to return.
    if (status === 0 && !navigator.onLine && !this.isOver()) {
      this.meter.restart();
      return this.setPhase('offline');
    }
    const failure = uploadError(error);
    const request = (error as Partial<DetailedError>).originalRequest;
    console.error('[HTTPERROR]', request?.getMethod(), request?.getURL(), status || 'no answer');
    this.end();
    // Refused (not an MP4, too large, expired...): the server holds nothing to resume.
    if (isFinalRefusal(status) && this.key) forgetStoredUpload(this.key);
    this.setPhase('failed');
    this.settle.reject(failure);
  }

  private end() {
    running.delete(this);
    clearInterval(this.watchdog);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
  }

  private readonly onOffline = () => {
    if (this.phase !== 'uploading') return;
    void this.upload.abort(false);
    this.note(true);
    this.meter.restart();
    this.setPhase('offline');
  };

  private readonly onOnline = () => {
    if (this.phase === 'offline') this.restart();
  };

  private readonly watch = () => {
    if (this.phase !== 'uploading' || performance.now() - this.lastActivity < STALL_MS) return;
    void this.upload.abort(false).then(() => this.restart());
  };
}

/**
 * Sends `file` to the server as a resumable (tus) upload for the video, or carries on with
 * the one this browser stored for the same person, video and file. tus-js-client is loaded
 * here, on the upload pages only.
 */
export const startResumableUpload = async (
  options: ResumableUploadOptions,
): Promise<ResumableUpload> => {
  const { userId } = getSession();
  if (userId === null) throw new ApiError(401, 'Veuillez vous connecter');
  const tus = await import('tus-js-client/lib.esm/browser/index.js');
  if (!sessionHooked) {
    sessionHooked = true;
    // Another person now: the previous one's uploads stop here (their entries are cleared).
    onSessionChange(() => running.forEach((transfer) => transfer.stop()));
  }
  const transfer = new Transfer(tus, userId, options);
  await transfer.begin();
  return transfer;
};

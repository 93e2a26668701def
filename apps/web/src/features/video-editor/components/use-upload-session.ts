import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import {
  startResumableUpload,
  type ResumableUpload,
} from '../../../lib/resumable-upload/resumable-upload.ts';
import { uploadMedia, type UploadKind } from '../../../lib/upload.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';

/**
 * The busy overlay: closed, busy without a measure (a save), or an upload's percent, with its
 * speed and time left once measured, and whether it waits for the network.
 */
export type OverlayState =
  | { open: false }
  | {
      open: true;
      percent: number | null;
      speed?: number | null;
      secondsLeft?: number | null;
      offline?: boolean;
    };

const closed: OverlayState = { open: false };

/**
 * The spec's failure message, with the server's reason when the resumable upload gave one
 * (always French: never tus-js-client's own words).
 */
const failureText = (text: string, error: unknown) => {
  const reason = error instanceof ApiError && error.message ? error.message : null;
  if (!reason) return text;
  return text.endsWith('...') ? `${text} ${reason}` : `${text} : ${reason}`;
};

/** The server's disk is below its floor (507): the person must tell a geek, whatever the file. */
const isDiskFull = (error: unknown) => error instanceof ApiError && error.status === 507;

/**
 * What a failed upload says: the video file's refusals with the server's reason (the resumable
 * upload's are always French); a thumbnail's keep the spec's text, unless the server's disk is
 * full, which the person must hear to tell a geek.
 */
export const uploadFailureText = (kind: UploadKind, text: string, error: unknown) =>
  kind === 'video' || isDiskFull(error) ? failureText(text, error) : text;

/**
 * One save-and-upload sequence of a form: the overlay's state, the uploads with their progress,
 * and the guard that asks before leaving while it runs. The video file goes as a resumable
 * upload: a cut or a sleeping laptop resumes it, and leaving the page only stops it, so that the
 * edit page can offer to resume it later. The thumbnail, small, goes in one request.
 */
export const useUploadSession = () => {
  const [overlay, setOverlay] = useState<OverlayState>(closed);
  // A ref, not state: the sequence ends and navigates in the same tick, before any re-render.
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const transfer = useRef<ResumableUpload | null>(null);
  const blocker = useLeaveGuard(useCallback(() => running.current, []));

  useEffect(
    () => () => {
      controller.current?.abort();
      transfer.current?.stop();
    },
    [],
  );

  const begin = useCallback(() => {
    running.current = true;
    controller.current = new AbortController();
    setOverlay({ open: true, percent: null });
  }, []);

  const end = useCallback(() => {
    running.current = false;
    setOverlay(closed);
  }, []);

  const upload = useCallback(async (kind: UploadKind, id: number, file: File) => {
    setOverlay({ open: true, percent: 0 });
    const signal = controller.current?.signal;
    if (kind !== 'video') {
      return uploadMedia(kind, id, file, {
        signal,
        onProgress: (percent) => setOverlay({ open: true, percent }),
      });
    }
    const started = await startResumableUpload({
      videoId: id,
      kind,
      file,
      onProgress: ({ percent, speed, secondsLeft }) =>
        setOverlay((before) => ({
          open: true,
          percent,
          speed,
          secondsLeft,
          offline: before.open && before.offline,
        })),
      onPhase: (phase) =>
        setOverlay((before) =>
          before.open ? { ...before, offline: phase === 'offline' } : before,
        ),
    });
    transfer.current = started;
    // The page was left while tus-js-client loaded.
    if (signal?.aborted) started.stop();
    try {
      await started.finished;
    } catch (error) {
      // Stopped, not failed (the person changed, or left): the forms then say nothing.
      if (error instanceof DOMException && error.name === 'AbortError') controller.current?.abort();
      throw error;
    } finally {
      transfer.current = null;
    }
  }, []);

  /** True once the person left the page mid-sequence: nothing more to say or do. */
  const left = useCallback(() => controller.current?.signal.aborted === true, []);

  return { overlay, blocker, begin, end, upload, left };
};

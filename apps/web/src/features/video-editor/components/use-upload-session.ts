import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { uploadMedia, type UploadKind } from '../../../lib/upload.ts';

/** The busy overlay: closed, busy without a measure (a save), or an upload's percent. */
export type OverlayState = { open: false } | { open: true; percent: number | null };

const closed: OverlayState = { open: false };

/**
 * One save-and-upload sequence of a form: the overlay's state, the uploads with their progress,
 * and the guard that asks before leaving while it runs (react-router's blocker for links and
 * the back button, `beforeunload` for closing or reloading the tab). Leaving anyway stops the
 * upload in flight.
 */
export const useUploadSession = () => {
  const [overlay, setOverlay] = useState<OverlayState>(closed);
  // A ref, not state: the sequence ends and navigates in the same tick, before any re-render.
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const blocker = useBlocker(useCallback(() => running.current, []));

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!running.current) return;
      event.preventDefault();
      // Older Chromium shows the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      controller.current?.abort();
    };
  }, []);

  const begin = useCallback(() => {
    running.current = true;
    controller.current = new AbortController();
    setOverlay({ open: true, percent: null });
  }, []);

  const end = useCallback(() => {
    running.current = false;
    setOverlay(closed);
  }, []);

  const upload = useCallback((kind: UploadKind, id: number, file: File) => {
    setOverlay({ open: true, percent: 0 });
    return uploadMedia(kind, id, file, {
      signal: controller.current?.signal,
      onProgress: (percent) => setOverlay({ open: true, percent }),
    });
  }, []);

  /** True once the person left the page mid-sequence: nothing more to say or do. */
  const left = useCallback(() => controller.current?.signal.aborted === true, []);

  return { overlay, blocker, begin, end, upload, left };
};

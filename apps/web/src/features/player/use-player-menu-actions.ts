import type { RefObject } from 'react';
import { useNotify } from '../../lib/notify.tsx';
import { downloadFrame } from './frame.ts';
import { videoLink } from './media-url.ts';

const COPIED = 'Lien copié !';
const FAILED = "Erreur pendant l'opération";

/** The context menu's copy and frame actions, each telling the person how it went. */
export const usePlayerMenuActions = (
  videoId: number,
  media: RefObject<HTMLVideoElement | null>,
) => {
  const notify = useNotify();

  const copy = async (at?: number) => {
    try {
      // Missing outside secure contexts: the same failure message as a refused write.
      await navigator.clipboard.writeText(videoLink(videoId, at));
      notify(COPIED, 'success');
    } catch {
      notify(FAILED, 'error');
    }
  };

  return {
    copyLink: () => void copy(),
    copyLinkAt: () => void copy(Math.floor(media.current?.currentTime ?? 0)),
    downloadFrame: () => {
      if (!media.current) return;
      downloadFrame(media.current).catch((cause: unknown) => {
        console.error('[FRAME]', cause);
        notify(FAILED, 'error');
      });
    },
  };
};

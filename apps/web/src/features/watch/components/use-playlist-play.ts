import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Video } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { nextInPlaylist, PLAY_STATE } from './playlist-play.ts';

/** Spec section 8, "Loading": on the watch page, a playlist that fails to load is left. */
export const PLAYLIST_PLAY_ERROR = 'Erreur lors du chargement de la playlist';

interface PlaylistPlayInput {
  /** The `pl` being played, or null. */
  code: string | null;
  /** The playlist or its videos failed to load. */
  failed: boolean;
  /** The playlist's videos once loaded. */
  videos: readonly Video[] | undefined;
  currentId: number | null;
}

/**
 * Playing a playlist (`pl`): what happens when a video ends (the next one, the first again
 * only with repeat on), and when `pl` is dropped (left, failed to load, or the video is not
 * in it). Repeat lives here, in the page, so it survives the move to the next video.
 */
export const usePlaylistPlay = ({ code, failed, videos, currentId }: PlaylistPlayInput) => {
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [repeat, setRepeat] = useState(false);
  const reported = useRef<string | null>(null);

  const leave = useCallback(
    () =>
      setParams(
        (params) => {
          const copy = new URLSearchParams(params);
          copy.delete('pl');
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (!code || !failed || reported.current === code) return;
    reported.current = code;
    notify(PLAYLIST_PLAY_ERROR, 'error');
    leave();
  }, [code, failed, leave, notify]);

  // A video that is not part of the playlist is watched on its own.
  const outside =
    code !== null &&
    currentId !== null &&
    videos !== undefined &&
    !videos.some((video) => video.id === currentId);
  useEffect(() => {
    if (outside) leave();
  }, [outside, leave]);

  const onEnded = useCallback(
    (media: HTMLVideoElement) => {
      if (!code || !videos || currentId === null) return;
      const next = nextInPlaylist(videos, currentId, repeat);
      if (!next) return;
      // A one-video playlist on repeat: its page is the one shown, so no navigation would
      // happen; the video starts over where it is.
      if (next.id === currentId) {
        media.currentTime = 0;
        void media.play().catch(() => undefined);
        return;
      }
      void navigate(paths.playlistVideo(next.id, code), { state: PLAY_STATE });
    },
    [code, videos, currentId, repeat, navigate],
  );

  return { repeat, setRepeat, onEnded, leave };
};

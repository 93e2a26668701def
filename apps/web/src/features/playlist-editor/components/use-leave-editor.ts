import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Playlist } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { editorMessages } from '../messages.ts';

interface EditorState {
  code: string;
  playlist: Playlist | undefined;
  playlistFailed: boolean;
  videosFailed: boolean;
}

/**
 * Spec sections 6 and 8: a playlist is edited by its author or a geek; anyone else is told so
 * and sent back to the playlist. A failed load says which part failed and goes to /playlists.
 * Answers whether the viewer may edit the loaded playlist.
 */
export const useLeaveEditor = ({ code, playlist, playlistFailed, videosFailed }: EditorState) => {
  const session = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  // One message per playlist, even when more than one thing goes wrong.
  const left = useRef<string | null>(null);
  const allowed =
    playlist !== undefined && (session.role === 'geek' || session.userId === playlist.authorId);

  useEffect(() => {
    if (left.current === code) return;
    if (playlistFailed || (videosFailed && playlist)) {
      left.current = code;
      notify(playlistFailed ? editorMessages.loadFailed : editorMessages.videosLoadFailed, 'error');
      void navigate(paths.playlists(), { replace: true });
    } else if (playlist && !allowed) {
      left.current = code;
      notify(editorMessages.notEditor, 'warning');
      void navigate(paths.playlist(code), { replace: true });
    }
  }, [code, playlist, allowed, playlistFailed, videosFailed, notify, navigate]);

  return allowed;
};

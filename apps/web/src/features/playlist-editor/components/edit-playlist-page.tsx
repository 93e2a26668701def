import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { Playlist, PlaylistBody } from '@plateau/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePlaylist, usePlaylistVideos } from '../../../resources/playlists.ts';
import { useDeletePlaylist, useUpdatePlaylist } from '../api/playlist-editor-api.ts';
import { editorMessages } from '../messages.ts';
import { PlaylistForm } from './playlist-form.tsx';
import { PlaylistVideosEditor } from './playlist-videos-editor.tsx';
import { useLeaveEditor } from './use-leave-editor.ts';

/** Spec section 2, /editPlaylist/{code}: its fields, its videos' order, its deletion. */
export const EditPlaylistPage = () => {
  const code = useParams().playlistCode ?? '';
  const playlist = usePlaylist(code);
  const videos = usePlaylistVideos(code);
  const allowed = useLeaveEditor({
    code,
    playlist: playlist.data,
    playlistFailed: playlist.isError,
    videosFailed: videos.isError,
  });

  return (
    <Page title="Modifier la playlist">
      {playlist.data && allowed ? (
        // Side by side where there is room: the list is in view without scrolling past the form.
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
            alignItems: 'start',
            gap: { xs: 4, md: 3 },
          }}
        >
          <PlaylistFields key={code} playlist={playlist.data} />
          <PlaylistVideosEditor code={code} videos={videos.data} />
        </Box>
      ) : (
        <Box role="status" aria-label="Chargement" sx={{ maxWidth: 900 }}>
          <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={220} />
        </Box>
      )}
    </Page>
  );
};

/** The form: Valider saves the fields and goes to the playlist; Supprimer asks first. */
const PlaylistFields = ({ playlist }: { playlist: Playlist }) => {
  const update = useUpdatePlaylist(playlist.code);
  const remove = useDeletePlaylist(playlist.code);
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const save = (body: PlaylistBody) =>
    update.mutate(body, {
      onSuccess: () => {
        notify(editorMessages.updated, 'success');
        void navigate(paths.playlist(playlist.code));
      },
      onError: () => notify(editorMessages.updateFailed, 'error'),
    });

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify(editorMessages.deleted, 'success');
        void navigate(paths.playlists(), { replace: true });
      },
      onError: () => {
        setConfirming(false);
        notify(editorMessages.deleteFailed, 'error');
      },
    });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <PlaylistForm
        initial={{
          title: playlist.title,
          description: playlist.description,
          isPublic: playlist.isPublic,
        }}
        busy={update.isPending}
        onSubmit={save}
        actions={
          <>
            <Button
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              onClick={() => setConfirming(true)}
              sx={{ mr: 'auto' }}
            >
              Supprimer
            </Button>
            <Button component={RouterLink} to={paths.playlist(playlist.code)}>
              Annuler
            </Button>
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        question={editorMessages.confirmDelete}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
};

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkRemoveOutlinedIcon from '@mui/icons-material/BookmarkRemoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import type { Playlist } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { canEditPlaylist, canKeepInLibrary } from '../permissions.ts';
import { usePlaylistActions } from './use-playlist-actions.ts';

/** The playlist page's buttons: Modifier for who may edit, the library for the others. */
export const PlaylistActions = ({ playlist }: { playlist: Playlist }) => {
  const session = useSession();
  const { toggleLibrary, copyLink, libraryBusy } = usePlaylistActions();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {canEditPlaylist(session, playlist) && (
        <Button
          component={RouterLink}
          to={paths.editPlaylist(playlist.code)}
          variant="contained"
          startIcon={<EditOutlinedIcon />}
        >
          Modifier
        </Button>
      )}
      {canKeepInLibrary(session, playlist) && (
        <Button
          variant={playlist.inLibrary ? 'outlined' : 'contained'}
          disabled={libraryBusy}
          onClick={() => toggleLibrary(playlist)}
          startIcon={
            playlist.inLibrary ? <BookmarkRemoveOutlinedIcon /> : <BookmarkAddOutlinedIcon />
          }
        >
          {playlist.inLibrary ? 'Retirer de ma bibliothèque' : 'Ajouter à ma bibliothèque'}
        </Button>
      )}
      <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => void copyLink(playlist)}>
        Copier le lien
      </Button>
    </Box>
  );
};

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import type { Playlist } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAddToPlaylist } from '../api/watch-mutations.ts';

export const ADDED_MESSAGE = 'Video ajoutee avec succes';
export const ADD_ERROR_MESSAGE = "Erreur pendant l'ajout de la video";

interface AddToPlaylistProps {
  videoId: number;
  /** The viewer's own playlists (the library also holds others', which they cannot change). */
  playlists: readonly Playlist[] | undefined;
  status: 'pending' | 'error' | 'success';
}

/** 'Ajouter a une playlist': a menu of the viewer's own playlists, and a way to create one. */
export const AddToPlaylist = ({ videoId, playlists, status }: AddToPlaylistProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const add = useAddToPlaylist(videoId);
  const notify = useNotify();
  const close = () => setAnchor(null);
  const choose = (code: string) => {
    close();
    add.mutate(code, {
      onSuccess: () => notify(ADDED_MESSAGE, 'success'),
      onError: () => notify(ADD_ERROR_MESSAGE, 'error'),
    });
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PlaylistAddIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={add.isPending}
        sx={{ borderRadius: 5 }}
      >
        Ajouter à une playlist
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {status === 'pending' && <MenuItem disabled>Chargement...</MenuItem>}
        {status === 'error' && <MenuItem disabled>Vos playlists ne sont pas disponibles.</MenuItem>}
        {status === 'success' && playlists?.length === 0 && (
          <MenuItem disabled>Vous n'avez pas encore de playlist.</MenuItem>
        )}
        {playlists?.map((playlist) => (
          <MenuItem key={playlist.code} onClick={() => choose(playlist.code)}>
            <ListItemIcon>
              <QueueMusicIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText sx={{ '& span': { overflowWrap: 'anywhere' } }}>
              {playlist.title}
            </ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem component={RouterLink} to={paths.addPlaylist()}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Créer une playlist</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};

import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkRemoveOutlinedIcon from '@mui/icons-material/BookmarkRemoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import type { Playlist } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { canEditPlaylist, canKeepInLibrary } from '../permissions.ts';
import { usePlaylistActions } from './use-playlist-actions.ts';

/** Where the menu opens: under the dots button, or where the right click happened. */
export type MenuAnchor = { element: HTMLElement } | { left: number; top: number };

interface PlaylistMenuProps {
  playlist: Playlist;
  anchor: MenuAnchor | null;
  onClose: () => void;
}

/** The playlist card's context menu (spec "Layout elements"): link, Modifier, library. */
export const PlaylistMenu = ({ playlist, anchor, onClose }: PlaylistMenuProps) => {
  const session = useSession();
  const { copyLink, toggleLibrary } = usePlaylistActions();
  const position = anchor && 'left' in anchor ? anchor : undefined;
  return (
    <Menu
      open={anchor !== null}
      onClose={onClose}
      anchorEl={anchor && 'element' in anchor ? anchor.element : null}
      anchorReference={position ? 'anchorPosition' : 'anchorEl'}
      anchorPosition={position}
      // A right click on the open menu opens neither the browser's menu nor this one again (React
      // events bubble out of the portal to the card).
      slotProps={{
        root: {
          onContextMenu: (event: MouseEvent) => {
            event.preventDefault();
            event.stopPropagation();
          },
        },
      }}
    >
      <MenuItem
        onClick={() => {
          onClose();
          void copyLink(playlist);
        }}
      >
        <ListItemIcon>
          <LinkIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Copier le lien</ListItemText>
      </MenuItem>
      {canEditPlaylist(session, playlist) && (
        <MenuItem component={RouterLink} to={paths.editPlaylist(playlist.code)} onClick={onClose}>
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Modifier</ListItemText>
        </MenuItem>
      )}
      {canKeepInLibrary(session, playlist) && (
        <MenuItem
          onClick={() => {
            onClose();
            toggleLibrary(playlist);
          }}
        >
          <ListItemIcon>
            {playlist.inLibrary ? (
              <BookmarkRemoveOutlinedIcon fontSize="small" />
            ) : (
              <BookmarkAddOutlinedIcon fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText>
            {playlist.inLibrary ? 'Retirer de ma bibliothèque' : 'Ajouter à ma bibliothèque'}
          </ListItemText>
        </MenuItem>
      )}
    </Menu>
  );
};

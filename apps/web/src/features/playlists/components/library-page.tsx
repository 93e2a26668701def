import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../lib/paths.ts';
import { isMember } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import { useLibrary } from '../../../resources/playlists.ts';
import { PlaylistGrid } from './playlist-grid.tsx';

/** Spec section 2, /playlists: the viewer's library by title; members may create one. */
export const LibraryPage = () => {
  const { role } = useSession();
  const library = useLibrary();
  return (
    <Page
      title="Ma bibliothèque"
      actions={
        isMember(role) && (
          <Button
            component={RouterLink}
            to={paths.addPlaylist()}
            variant="contained"
            startIcon={<AddIcon />}
          >
            Créer une playlist
          </Button>
        )
      }
    >
      <PlaylistGrid query={library} emptyText="Il n'y a rien ici... Pour l'instant ?" />
    </Page>
  );
};

import { Page } from '../../../components/page.tsx';
import { useFeaturedPlaylists } from '../../../resources/playlists.ts';
import { PlaylistGrid } from './playlist-grid.tsx';

/** Spec section 2, /featured: the playlists a geek put forward. */
export const FeaturedPlaylistsPage = () => {
  const featured = useFeaturedPlaylists();
  return (
    <Page title="Playlists featurées">
      <PlaylistGrid query={featured} emptyText="Aucune playlist featurée pour le moment." />
    </Page>
  );
};

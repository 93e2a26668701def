import { FeaturedPlaylistsPage } from '../../features/playlists/components/featured-page.tsx';

/** /featured: the featured playlists. */
export const FeaturedPage = () => <FeaturedPlaylistsPage />;

import { LibraryPage } from '../../features/playlists/components/library-page.tsx';

/** /playlists: the viewer's library. */
export const PlaylistsPage = () => <LibraryPage />;

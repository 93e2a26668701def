import { UnderConstruction } from './under-construction.tsx';

/** /addPlaylist: a signed-in person creates a playlist (issue 9). */
export const AddPlaylistPage = () => <UnderConstruction />;

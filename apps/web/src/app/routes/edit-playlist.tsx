import { UnderConstruction } from './under-construction.tsx';

/** /editPlaylist/{code}: its author or a geek edits and reorders (issue 9). */
export const EditPlaylistPage = () => <UnderConstruction />;

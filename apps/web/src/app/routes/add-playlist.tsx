export { AddPlaylistPage } from '../../features/playlist-editor/components/add-playlist-page.tsx';

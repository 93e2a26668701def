export { EditPlaylistPage } from '../../features/playlist-editor/components/edit-playlist-page.tsx';

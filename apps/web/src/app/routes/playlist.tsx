export { PlaylistPage } from '../../features/playlists/components/playlist-page.tsx';

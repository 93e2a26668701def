import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

/** `/videos`: the latest videos, newest first. */
export const VideosPage = () => (
  <VideoGrid
    title="Dernières vidéos"
    list="latest"
    emptyText="Il n'y a encore aucune vidéo."
    tagFilter={TagChips}
  />
);

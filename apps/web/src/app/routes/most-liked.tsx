import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

/** `/mostLiked`: the most liked videos. */
export const MostLikedPage = () => (
  <VideoGrid
    title="Les plus likees"
    list="mostLiked"
    emptyText="Il n'y a encore aucune vidéo."
    tagFilter={TagChips}
  />
);

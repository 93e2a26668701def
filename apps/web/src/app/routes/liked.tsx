import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

/** `/liked`: the videos I liked, last liked first. */
export const LikedPage = () => (
  <VideoGrid
    title="Mes videos likees"
    list="liked"
    emptyText="Vous n'avez encore liké aucune vidéo."
    tagFilter={TagChips}
  />
);

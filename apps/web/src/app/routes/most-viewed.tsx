import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

/** `/mostViewed`: the most viewed videos. */
export const MostViewedPage = () => (
  <VideoGrid
    title="Les plus vues"
    list="mostViewed"
    emptyText="Il n'y a encore aucune vidéo."
    tagFilter={TagChips}
  />
);

import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

/** `/history`: the videos I watched, last watched first. */
export const HistoryPage = () => (
  <VideoGrid
    title="Mon historique"
    list="history"
    emptyText="Vous n'avez encore regardé aucune vidéo."
    tagFilter={TagChips}
  />
);

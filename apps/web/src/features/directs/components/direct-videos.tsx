import Typography from '@mui/material/Typography';
import { CardGrid } from '../../../components/card-grid.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { useDirectVideos } from '../../../resources/videos.ts';

/** The videos recorded at this direct, newest first. */
export const DirectVideos = ({ directId }: { directId: number }) => {
  const videos = useDirectVideos(directId, null);
  const list = videos.data ?? [];
  return (
    <section aria-labelledby="direct-videos-title">
      <Typography
        id="direct-videos-title"
        variant="h5"
        component="h2"
        sx={{ fontWeight: 700, mb: 2 }}
      >
        Les vidéos de ce DT
      </Typography>
      <ListState
        status={videos.status}
        isEmpty={list.length === 0}
        emptyText="Aucune vidéo pour ce DT pour l'instant."
        onRetry={() => void videos.refetch()}
        loadingCount={4}
      >
        <CardGrid>
          {list.map((video, index) => (
            <VideoCard key={video.id} video={video} eager={index < 4} />
          ))}
        </CardGrid>
      </ListState>
    </section>
  );
};

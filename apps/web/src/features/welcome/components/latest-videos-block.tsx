import { CardGrid } from '../../../components/card-grid.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { HOME_LATEST_VIDEOS, useVideoList } from '../../../resources/videos.ts';

/** 'Nos dernieres videos': the 6 newest videos. */
export const LatestVideosBlock = () => {
  const videos = useVideoList({ kind: 'latest', page: 1, tags: [], pageSize: HOME_LATEST_VIDEOS });
  const list = videos.data?.videos ?? [];
  return (
    <ListState
      status={videos.status}
      isEmpty={list.length === 0}
      emptyText="Aucune vidéo pour l'instant."
      onRetry={() => void videos.refetch()}
      loadingCount={HOME_LATEST_VIDEOS}
    >
      <CardGrid>
        {list.map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </CardGrid>
    </ListState>
  );
};

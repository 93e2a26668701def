import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/list-state.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { TRENDING_SLOTS, useTrendingVideos } from '../../../resources/videos.ts';

/** One large card on the left, four small ones in two rows beside it; stacked on a phone. */
const TrendingLayout = ({ children }: { children: ReactNode[] }) => (
  <Box
    sx={{
      display: 'grid',
      gap: { xs: 2, sm: 2.5 },
      // 2.4 : 1 : 1 makes the large card about as tall as the two rows of small ones beside it.
      gridTemplateColumns: {
        xs: '1fr',
        sm: 'repeat(2, minmax(0, 1fr))',
        lg: 'minmax(0, 2.4fr) repeat(2, minmax(0, 1fr))',
      },
      '& > :first-of-type': {
        gridColumn: { sm: '1 / -1', lg: 'auto' },
        gridRow: { lg: 'span 2' },
      },
    }}
  >
    {children}
  </Box>
);

const TrendingSkeleton = () => (
  <Box role="status" aria-label="Chargement">
    <TrendingLayout>
      {Array.from({ length: TRENDING_SLOTS }, (_, index) => (
        <Box key={index} aria-hidden>
          <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Skeleton width="80%" sx={{ mt: 1 }} />
          <Skeleton width="50%" />
        </Box>
      ))}
    </TrendingLayout>
  </Box>
);

/** 'A la une': the trending slots, the first one large (spec section 2). */
export const TrendingBlock = () => {
  const trending = useTrendingVideos();
  if (trending.status === 'pending') return <TrendingSkeleton />;
  if (trending.status === 'error') {
    return <LoadError onRetry={() => void trending.refetch()} />;
  }
  const videos = trending.data.videos.slice(0, TRENDING_SLOTS);
  if (videos.length === 0) {
    return <Typography color="textSecondary">Aucune vidéo à la une pour l'instant.</Typography>;
  }
  return (
    <TrendingLayout>
      {videos.map((video, index) => (
        <VideoCard key={video.id} video={video} trending large={index === 0} eager />
      ))}
    </TrendingLayout>
  );
};

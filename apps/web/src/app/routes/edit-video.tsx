import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Processing } from '@plateau/contract/constants';
import { Page } from '../../components/page.tsx';
import { EditPageStatistics } from '../../features/statistics/components/edit-page-statistics.tsx';
import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { EditVideoForm } from '../../features/video-editor/components/edit-video-form.tsx';
import { FeaturedPicker } from '../../features/video-editor/components/featured-picker.tsx';
import { showsFeaturedPicker } from '../../features/video-editor/video-rules.ts';
import { parseVideoId } from '../../features/watch/api/watch-params.ts';
import { useVideoLoadError } from '../../features/watch/components/use-video-load-error.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { editedVideoQuery, useTrendingVideos } from '../../resources/videos.ts';

const notFound = new ApiError(404, 'Introuvable');

/**
 * /editVideo/{id}: the form starts from a fresh read of the video; a refusal or a missing video
 * leaves with the watch page's messages (spec section 8, "Loading").
 */
export const EditVideoPage = () => {
  const id = parseVideoId(useParams().videoId ?? null);
  const { userId, role } = useSession();
  const video = useQuery({ ...editedVideoQuery(userId, id ?? 0), enabled: id !== null });
  useVideoLoadError(id === null ? notFound : video.error);
  const picker = video.data !== undefined && showsFeaturedPicker(role, video.data);
  const trending = useTrendingVideos(picker);

  return (
    <Page title="Modifier la vidéo">
      {video.data ? (
        <EditVideoForm
          key={video.data.id}
          video={video.data}
          CategoryPicker={TagChips}
          featured={
            picker && <FeaturedPicker videoId={video.data.id} slots={trending.data?.videos} />
          }
          statistics={
            video.data.processing === Processing.Published && (
              <EditPageStatistics videoId={video.data.id} />
            )
          }
        />
      ) : (
        <Box role="status" aria-label="Chargement de la vidéo" sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={200} />
          <Skeleton variant="rounded" height={56} />
        </Box>
      )}
    </Page>
  );
};

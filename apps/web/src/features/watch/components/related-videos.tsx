import Box from '@mui/material/Box';
import type { Video } from '@plateau/contract';
import { CardGrid } from '../../../components/card-grid.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { Section } from '../../../components/section.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { paths } from '../../../lib/paths.ts';
import { CompactVideoList } from './compact-video-list.tsx';
import { RANDOM_COUNT, useDirectVideos, useRandomVideos } from '../../../resources/videos.ts';

interface RelatedProps {
  videoId: number;
  directId: number;
  /** False until the player has its video: these lists load after it. */
  enabled: boolean;
  /** One row per video (the column beside the player) instead of a grid of cards. */
  compact?: boolean;
}

/** Narrow cards: one column beside the player, several under it on a tablet. */
const CARD_MIN_WIDTH = 220;

/** 'Du meme DT' (only for a video of a direct) and 'Videos au hasard', the current one excluded. */
export const RelatedVideos = ({ videoId, directId, enabled, compact = false }: RelatedProps) => {
  const show = (videos: readonly Video[]) =>
    compact ? (
      <CompactVideoList videos={videos} />
    ) : (
      <CardGrid minWidth={CARD_MIN_WIDTH}>
        {videos.map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </CardGrid>
    );
  const sameDirect = useDirectVideos(directId, videoId, enabled);
  const random = useRandomVideos(videoId, enabled);
  const sameDirectList = sameDirect.data ?? [];
  const randomList = random.data ?? [];
  return (
    <Box>
      {directId > 0 && (
        <Section title="Du meme DT" link={{ to: paths.direct(directId), label: 'Voir le DT' }}>
          <ListState
            status={enabled ? sameDirect.status : 'pending'}
            isEmpty={sameDirectList.length === 0}
            emptyText="Aucune autre vidéo de ce DT."
            onRetry={() => void sameDirect.refetch()}
            loadingCount={2}
            minWidth={CARD_MIN_WIDTH}
          >
            {show(sameDirectList)}
          </ListState>
        </Section>
      )}
      <Section title="Videos au hasard">
        <ListState
          status={enabled ? random.status : 'pending'}
          isEmpty={randomList.length === 0}
          emptyText="Aucune autre vidéo pour le moment."
          onRetry={() => void random.refetch()}
          loadingCount={RANDOM_COUNT}
          minWidth={CARD_MIN_WIDTH}
        >
          {show(randomList)}
        </ListState>
      </Section>
    </Box>
  );
};

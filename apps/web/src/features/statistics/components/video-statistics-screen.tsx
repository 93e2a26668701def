import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import type { StatisticsPeriod } from '@plateau/contract/constants';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../lib/paths.ts';
import { videoStatisticsQuery } from '../../../resources/statistics.ts';
import { useViewer } from '../../../resources/viewer.ts';
import { periodParams, type PeriodChoice } from '../statistics-period.ts';
import { PeriodPicker } from './period-picker.tsx';
import { StatisticsLoad } from './statistics-load.tsx';
import { useStatisticsLoadError, videoStatisticsMessages } from './use-statistics-load-error.ts';
import { VideoStatisticsView } from './video-statistics-view.tsx';

interface VideoStatisticsScreenProps {
  videoId: number;
  choice: PeriodChoice;
  onPeriod: (period: StatisticsPeriod, range?: { from: string; to: string }) => void;
}

/** /statistics/video/{id}: one video over the chosen period. */
export const VideoStatisticsScreen = ({
  videoId,
  choice,
  onPeriod,
}: VideoStatisticsScreenProps) => {
  const { query } = choice;
  const statistics = useQuery({
    ...videoStatisticsQuery(useViewer(), videoId, query ?? { from: '', to: '' }),
    enabled: query !== null,
  });
  useStatisticsLoadError(statistics.error, videoStatisticsMessages);
  const video = statistics.data?.video;
  // Back to the site's statistics over the same period.
  const back = new URLSearchParams(
    periodParams(choice.period, { from: choice.from, to: choice.to }),
  ).toString();
  return (
    <Page
      title="Statistiques de la vidéo"
      actions={
        <>
          <Button component={RouterLink} to={paths.statistics(back)}>
            Tout le site
          </Button>
          <Button
            component={RouterLink}
            to={paths.editVideo(videoId)}
            variant="outlined"
            startIcon={<EditIcon />}
          >
            Modifier la vidéo
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {video && (
          <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.video(video.id)}>
              {video.title}
            </Link>
          </Typography>
        )}
        <PeriodPicker choice={choice} onChange={onPeriod} />
        {query && (
          <StatisticsLoad
            status={statistics.data ? 'success' : statistics.status}
            onRetry={() => void statistics.refetch()}
          >
            {statistics.data && <VideoStatisticsView data={statistics.data} />}
          </StatisticsLoad>
        )}
      </Box>
    </Page>
  );
};

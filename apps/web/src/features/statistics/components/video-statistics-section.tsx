import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { periodDays } from '@plateau/contract/constants';
import { paths } from '../../../lib/paths.ts';
import { videoStatisticsQuery } from '../../../resources/statistics.ts';
import { useViewer } from '../../../resources/viewer.ts';
import { videoFigures } from '../statistics-figures.ts';
import { formatRange } from '../statistics-format.ts';
import { localToday } from '../statistics-period.ts';
import { KeyFigures } from './key-figures.tsx';
import { StatisticsLoad } from './statistics-load.tsx';
import { RetentionCard } from './video-statistics-view.tsx';

/** The edit page shows the last 30 days; the statistics page offers the other periods. */
const PERIOD = '30d';

/**
 * « Statistiques » on a published video's edit page: its last 30 days and where people stop
 * watching, before the member cuts it or changes its chapters.
 */
export const VideoStatisticsSection = ({ videoId }: { videoId: number }) => {
  const days = periodDays(PERIOD, localToday());
  const statistics = useQuery(
    videoStatisticsQuery(useViewer(), videoId, { ...days, period: PERIOD }),
  );
  return (
    <Box component="section" aria-labelledby="statistics-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <div>
          <Typography id="statistics-title" variant="h6" component="h2">
            Statistiques
          </Typography>
          <Typography variant="body2" color="textSecondary">
            Les 30 derniers jours ({formatRange(days.from, days.to)}).
          </Typography>
        </div>
        <Button component={RouterLink} to={paths.videoStatistics(videoId)} variant="outlined">
          Toutes les statistiques
        </Button>
      </Box>
      <StatisticsLoad
        compact
        status={statistics.data ? 'success' : statistics.status}
        onRetry={() => void statistics.refetch()}
      >
        {statistics.data && (
          <>
            <KeyFigures
              label="Chiffres des 30 derniers jours"
              figures={videoFigures(statistics.data, false)}
            />
            <RetentionCard data={statistics.data} headingComponent="h3" height={200} />
          </>
        )}
      </StatisticsLoad>
    </Box>
  );
};

import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DirectStatistics } from '@plateau/contract';
import { LIVE_SAMPLE_SECONDS } from '@plateau/contract/constants';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../lib/paths.ts';
import { directStatisticsQuery } from '../../../resources/statistics.ts';
import { useViewer } from '../../../resources/viewer.ts';
import { formatClock, formatCount } from '../statistics-format.ts';
import { LiveCard } from './live-card.tsx';
import { StatisticsLoad } from './statistics-load.tsx';
import { directStatisticsMessages, useStatisticsLoadError } from './use-statistics-load-error.ts';

const ViewersNow = ({ viewers }: { viewers: number }) => (
  <Paper
    component="section"
    aria-labelledby="viewers-now"
    variant="outlined"
    sx={{ p: 2, display: 'grid', gap: 0.5, justifyItems: 'start' }}
  >
    <Chip color="error" size="small" label="En direct" />
    <Typography id="viewers-now" component="h2" variant="body1" color="textSecondary">
      Spectateurs en ce moment
    </Typography>
    <Typography sx={{ fontWeight: 700, fontSize: '3rem', lineHeight: 1.1 }}>
      {formatCount(viewers)}
    </Typography>
    <Typography variant="body2" color="textSecondary">
      Mis à jour toutes les {LIVE_SAMPLE_SECONDS} secondes.
    </Typography>
  </Paper>
);

const Rediff = ({ rediff }: { rediff: NonNullable<DirectStatistics['rediff']> }) => (
  <Paper component="section" variant="outlined" aria-labelledby="rediff-title" sx={{ p: 2 }}>
    <Typography id="rediff-title" variant="h6" component="h2">
      REDIFF
    </Typography>
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      <Link component={RouterLink} to={paths.video(rediff.videoId)}>
        {rediff.title}
      </Link>
      {` : ${formatCount(rediff.views)} vue${rediff.views > 1 ? 's' : ''} depuis sa mise en ligne.`}
    </Typography>
    <Link component={RouterLink} to={paths.videoStatistics(rediff.videoId)} variant="body2">
      Statistiques de la REDIFF
    </Link>
  </Paper>
);

/** During the live, viewers now and its curve; then every live's curve, and the REDIFF. */
export const DirectStatisticsView = ({ data }: { data: DirectStatistics }) => {
  const running = data.viewersNow === null ? undefined : data.lives.find((l) => !l.endedAt);
  const ended = data.lives.filter((live) => live !== running).reverse();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {data.viewersNow !== null && <ViewersNow viewers={data.viewersNow} />}
      {running && (
        <LiveCard
          live={running}
          title={`Live en cours, depuis ${formatClock(running.startedAt)}`}
        />
      )}
      {ended.map((live) => (
        <LiveCard key={live.id} live={live} />
      ))}
      {data.lives.length === 0 && data.viewersNow === null && (
        <Typography color="textSecondary">
          Ce direct n’a pas encore été diffusé sur Plateau : ses statistiques viendront avec son
          premier live.
        </Typography>
      )}
      {data.rediff && <Rediff rediff={data.rediff} />}
    </Box>
  );
};

/** /statistics/direct/{id}: asked again every sample while a live runs. */
export const DirectStatisticsScreen = ({ directId }: { directId: number }) => {
  const statistics = useQuery(directStatisticsQuery(useViewer(), directId));
  useStatisticsLoadError(statistics.error, directStatisticsMessages);
  const direct = statistics.data?.direct;
  return (
    <Page
      title="Statistiques du direct"
      actions={
        <Button component={RouterLink} to={paths.statistics()}>
          Tout le site
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {direct && (
          <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.direct(direct.id)}>
              {direct.title}
            </Link>
          </Typography>
        )}
        <StatisticsLoad
          status={statistics.data ? 'success' : statistics.status}
          onRetry={() => void statistics.refetch()}
        >
          {statistics.data && <DirectStatisticsView data={statistics.data} />}
        </StatisticsLoad>
      </Box>
    </Page>
  );
};

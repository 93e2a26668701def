import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PrintIcon from '@mui/icons-material/Print';
import type { StatisticsPeriod } from '@plateau/contract/constants';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../lib/paths.ts';
import { siteStatisticsQuery } from '../../../resources/statistics.ts';
import { useViewer } from '../../../resources/viewer.ts';
import { querySearch, type PeriodChoice } from '../statistics-period.ts';
import { PeriodPicker } from './period-picker.tsx';
import { SiteStatisticsView } from './site-statistics-view.tsx';
import { StatisticsLoad } from './statistics-load.tsx';

interface SiteStatisticsScreenProps {
  choice: PeriodChoice;
  onPeriod: (period: StatisticsPeriod, range?: { from: string; to: string }) => void;
}

/** /statistics: the site over the chosen period, and its printable report. */
export const SiteStatisticsScreen = ({ choice, onPeriod }: SiteStatisticsScreenProps) => {
  const viewer = useViewer();
  const { query } = choice;
  const statistics = useQuery({
    ...siteStatisticsQuery(viewer, query ?? { from: '', to: '' }),
    enabled: query !== null,
  });
  return (
    <Page
      title="Statistiques"
      actions={
        <Button
          component={RouterLink}
          to={query ? paths.statisticsReport(querySearch(query)) : '#'}
          variant="outlined"
          startIcon={<PrintIcon />}
          disabled={query === null}
        >
          Imprimer
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <PeriodPicker choice={choice} onChange={onPeriod} />
        {query && (
          <StatisticsLoad
            status={statistics.data ? 'success' : statistics.status}
            onRetry={() => void statistics.refetch()}
          >
            {statistics.data && <SiteStatisticsView data={statistics.data} />}
          </StatisticsLoad>
        )}
      </Box>
    </Page>
  );
};

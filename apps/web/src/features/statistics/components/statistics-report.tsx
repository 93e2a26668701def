import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import PrintIcon from '@mui/icons-material/Print';
import type { SiteDay, SiteStatistics, StatisticsQuery } from '@plateau/contract';
import { dayInParis } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';

import { siteStatisticsQuery } from '../../../resources/statistics.ts';
import { useSiteSettings } from '../../../resources/site.ts';
import { useViewer } from '../../../resources/viewer.ts';
import { siteFigures } from '../statistics-figures.ts';
import { formatCount, formatDay, formatRange } from '../statistics-format.ts';
import { everyDay, groupDays, groupUnit } from '../statistics-groups.ts';
import { periodLabels, periodParams } from '../statistics-period.ts';
import {
  audienceGroupTable,
  figuresTable,
  topDirectsTable,
  topVideosTable,
} from '../statistics-tables.ts';
import { ViewsBefore } from './audience-card.tsx';
import { DailyLineChart, PAPER_COLORS } from './charts.tsx';
import { DataTable } from './data-table.tsx';
import { StatisticsLoad } from './statistics-load.tsx';

/** Rows of the period's table on paper: days, else weeks, else months, to stay on one page. */
const REPORT_ROWS = 12;
/** The tops on paper: the first few, beside each other. */
const REPORT_TOP = 5;

// The sheet is printed alone: no header, menu, footer or buttons, on white. A plain style
// element rather than MUI's GlobalStyles, which would move out of the app's chunk into one
// shared with this page, and the landing page would load one more file.
const PRINT_CSS = `
@page { size: A4; margin: 12mm; }
@media print {
  header, footer, .MuiDrawer-root, .MuiSnackbar-root, .statistics-no-print { display: none !important; }
  html, body { background: #fff !important; }
  .statistics-sheet { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; max-width: none !important; }
  .statistics-page { padding: 0 !important; }
}
`;

const emptyDay = (day: string): SiteDay => ({
  day,
  views: 0,
  viewers: 0,
  seconds: 0,
  uploads: 0,
  storageBytes: null,
});

const Part = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ breakInside: 'avoid', minWidth: 0 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/**
 * The sheet is paper whatever the theme: dark text on white, on screen as in print (a nested
 * light theme would pull MUI's theme provider out of the app's chunk into one shared with this
 * page). Links keep the day theme's blue.
 */
const sheetSx = {
  width: '100%',
  maxWidth: '210mm',
  mx: 'auto',
  p: { xs: 2, sm: '12mm' },
  bgcolor: '#fff',
  backgroundImage: 'none',
  color: '#1d2127',
  '& .MuiTypography-root, & .MuiTableCell-root': { color: 'inherit' },
  '& .MuiTableCell-root': { borderColor: '#d5d9df' },
  '& .MuiTableCell-head': { bgcolor: '#fff' },
  '& a': { color: '#0268a6' },
  '& strong': { color: 'inherit' },
  // The chart's axes and legend take the page's theme: on paper, dark ink.
  '& svg text': { fill: '#1d2127 !important' },
  '& .MuiChartsLegend-label': { color: '#1d2127' },
  '& .MuiChartsAxis-line, & .MuiChartsAxis-tick': { stroke: '#1d2127 !important' },
  '& .MuiChartsGrid-line': { stroke: '#e0e3e7 !important' },
  '& .statistics-muted': { color: '#4b515a' },
} as const;

const tableSx = { '& .MuiTableCell-root': { py: 0.25, px: 1, fontSize: '0.75rem' } };

const ReportSheet = ({ data, name }: { data: SiteStatistics; name: string }) => {
  const days = everyDay(data.from, data.to, data.days, emptyDay);
  const unit = groupUnit(data.from, data.to, REPORT_ROWS);
  const period = { day: 'par jour', week: 'par semaine', month: 'par mois' }[unit];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <div>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Statistiques de {name}
        </Typography>
        <Typography>
          Période {formatRange(data.from, data.to)}, comparée à la période{' '}
          {formatRange(data.previous.from, data.previous.to)}.
        </Typography>
      </div>
      <Part title="Chiffres clés">
        <Box sx={tableSx}>
          <DataTable table={figuresTable('Chiffres clés', siteFigures(data))} hideCaption />
        </Box>
        <Typography variant="caption" className="statistics-muted">
          Spectateurs : ceux de chaque jour, additionnés (une personne venue trois jours compte
          trois fois).
        </Typography>
      </Part>
      <Part title="Vues et spectateurs par jour">
        <DailyLineChart
          label="Graphique : vues et spectateurs par jour"
          days={days.map((day) => day.day)}
          height={170}
          colors={PAPER_COLORS}
          series={[
            { label: 'Vues', data: days.map((day) => day.views), format: formatCount },
            { label: 'Spectateurs', data: days.map((day) => day.viewers), format: formatCount },
          ]}
        />
      </Part>
      <Part title={`Audience ${period}`}>
        <Box sx={tableSx}>
          <DataTable
            table={audienceGroupTable(`Audience ${period}`, groupDays(days, unit), unit)}
            hideCaption
          />
        </Box>
      </Part>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <Part title="Vidéos les plus vues">
          <Box sx={tableSx}>
            <DataTable
              table={topVideosTable('Vidéos les plus vues', data.topVideos.slice(0, REPORT_TOP))}
              hideCaption
            />
          </Box>
        </Part>
        <Part title="Directs les plus suivis">
          <Box sx={tableSx}>
            <DataTable
              table={topDirectsTable(
                'Directs les plus suivis',
                data.topDirects.slice(0, REPORT_TOP),
              )}
              hideCaption
            />
          </Box>
        </Part>
      </Box>
      <ViewsBefore views={data.viewsBefore} since={data.since} />
      <Typography variant="caption" className="statistics-muted">
        Établi le {formatDay(dayInParis())} par Plateau, sans traceur : aucune adresse ni aucun
        navigateur n’est conservé.
      </Typography>
    </Box>
  );
};

/** /statistics/report: one A4 page of the period for the school, printed by the browser. */
export const StatisticsReport = ({ query }: { query: StatisticsQuery }) => {
  const statistics = useQuery(siteStatisticsQuery(useViewer(), query));
  const site = useSiteSettings();
  const period = query.period ?? 'range';
  const back = new URLSearchParams(periodParams(period, query)).toString();
  return (
    <Box
      className="statistics-page"
      sx={{ px: { xs: 1, sm: 3 }, py: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <style>{PRINT_CSS}</style>
      <Box
        className="statistics-no-print"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}
      >
        <Button component={RouterLink} to={paths.statistics(back)}>
          Retour aux statistiques
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={!statistics.data}
          onClick={() => window.print()}
        >
          Imprimer
        </Button>
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ width: '100%', textAlign: 'center' }}
        >
          {periodLabels[period]} : une page A4, à imprimer ou à enregistrer en PDF.
        </Typography>
      </Box>
      <Paper className="statistics-sheet" elevation={3} sx={sheetSx}>
        <StatisticsLoad
          status={statistics.data ? 'success' : statistics.status}
          onRetry={() => void statistics.refetch()}
        >
          {statistics.data && <ReportSheet data={statistics.data} name={site.associationName} />}
        </StatisticsLoad>
      </Paper>
    </Box>
  );
};

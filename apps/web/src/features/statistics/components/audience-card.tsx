import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DayTotals } from '@plateau/contract';
import { formatCount, formatDay, formatHours, hoursOf } from '../statistics-format.ts';
import { audienceTable } from '../statistics-tables.ts';
import { ChartCard } from './chart-card.tsx';
import { DailyLineChart } from './charts.tsx';

/** Views, viewers and hours watched per day, on one chart (hours against their own axis). */
export const AudienceCard = ({
  days,
  fileName,
}: {
  days: readonly DayTotals[];
  fileName: string;
}) => (
  <ChartCard
    title="Audience par jour"
    description="Vues et spectateurs (à gauche), heures regardées (à droite)"
    table={audienceTable('Audience par jour', days)}
    fileName={fileName}
    chart={
      <DailyLineChart
        label="Graphique : vues, spectateurs et heures regardées par jour"
        days={days.map((day) => day.day)}
        rightFormat={(hours) => formatHours(hours * 3600)}
        series={[
          { label: 'Vues', data: days.map((day) => day.views), format: formatCount },
          { label: 'Spectateurs', data: days.map((day) => day.viewers), format: formatCount },
          {
            label: 'Heures regardées',
            data: days.map((day) => hoursOf(day.seconds)),
            format: (hours) => formatHours(hours * 3600),
            right: true,
          },
        ]}
      />
    }
  />
);

/**
 * « Vues avant les statistiques : N »: the views counted before the daily detail existed.
 * `since`: the site's first day with detail (null: none yet); a video's says nothing more.
 */
export const ViewsBefore = ({ views, since }: { views: number; since?: string | null }) => (
  <Typography variant="body2" color="textSecondary">
    <Box component="strong" sx={{ color: 'text.primary' }}>
      Vues avant les statistiques : {formatCount(views)}
    </Box>{' '}
    {since === undefined
      ? '(sans détail par jour)'
      : since === null
        ? '(sans détail par jour : aucun jour compté pour l’instant)'
        : `(comptées avant le ${formatDay(since)}, sans détail par jour)`}
  </Typography>
);

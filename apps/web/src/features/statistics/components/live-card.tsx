import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { LiveStatistics, ViewersSample } from '@plateau/contract';
import { dayInParis } from '../../../lib/dates.ts';
import {
  formatClock,
  formatCount,
  formatHours,
  formatInstantDay,
  formatWatchTime,
} from '../statistics-format.ts';
import { csvFileName, type TableData } from '../statistics-table.ts';
import { ChartCard } from './chart-card.tsx';
import {
  CHART_HEIGHT,
  CHART_MARGIN,
  ChartFrame,
  useSeriesColors,
  lightArea,
  Y_AXIS_WIDTH,
} from './charts.tsx';

const clockWithSeconds = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/Paris',
});

/** Minutes between two times on a live's axis: round ones, about eight along the live. */
const TICK_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240];

export const timeTicks = (start: number, end: number, most = 8): Date[] => {
  const minutes = (end - start) / 60_000;
  const step = (TICK_MINUTES.find((one) => minutes / one <= most) ?? TICK_MINUTES.at(-1)!) * 60_000;
  const ticks: Date[] = [];
  for (let at = Math.ceil(start / step) * step; at <= end; at += step) ticks.push(new Date(at));
  return ticks;
};

/** « Pic : 612 spectateurs à 20:41 ». */
export const peakText = (peak: ViewersSample) =>
  `Pic : ${formatCount(peak.viewers)} spectateur${peak.viewers > 1 ? 's' : ''} à ${formatClock(peak.at)}`;

/** « Live du 28 nov. 2026, 20:00 – 22:31 », or « depuis 20:00 » while it runs. */
export const liveTitle = (live: LiveStatistics) =>
  `Live du ${formatInstantDay(live.startedAt)}, ${
    live.endedAt
      ? `${formatClock(live.startedAt)} – ${formatClock(live.endedAt)}`
      : `depuis ${formatClock(live.startedAt)}`
  }`;

const samplesTable = (caption: string, samples: readonly ViewersSample[]): TableData => ({
  caption,
  columns: [{ label: 'Heure' }, { label: 'Spectateurs', numeric: true }],
  rows: samples.map((sample) => {
    const time = clockWithSeconds.format(new Date(sample.at));
    return [
      { value: `${dayInParis(sample.at)} ${time}`, text: time },
      { value: sample.viewers, text: formatCount(sample.viewers) },
    ];
  }),
});

/** The viewers every sample along the live, the peak marked. */
export const LiveChart = ({ live }: { live: LiveStatistics }) => {
  const colors = useSeriesColors();
  const peakIndex = live.peak ? live.samples.findIndex((s) => s.at === live.peak!.at) : -1;
  const times = live.samples.map((sample) => new Date(sample.at));
  return (
    <ChartFrame label="Graphique : spectateurs pendant le live">
      <LineChart
        height={CHART_HEIGHT}
        margin={CHART_MARGIN}
        grid={{ horizontal: true }}
        hideLegend
        // New samples arrive every few seconds: the curve grows, it does not dance.
        skipAnimation
        xAxis={[
          {
            scaleType: 'time',
            data: times,
            tickInterval: timeTicks(times[0]?.getTime() ?? 0, times.at(-1)?.getTime() ?? 0),
            valueFormatter: (value: Date) => formatClock(value),
          },
        ]}
        yAxis={[
          { width: Y_AXIS_WIDTH, min: 0, valueFormatter: (value: number) => formatCount(value) },
        ]}
        series={[
          {
            label: 'Spectateurs',
            data: live.samples.map((sample) => sample.viewers),
            area: true,
            color: colors[0],
            showMark: ({ index }) => index === peakIndex,
            valueFormatter: (value: number | null) => (value === null ? '—' : formatCount(value)),
          },
        ]}
        sx={lightArea}
      />
    </ChartFrame>
  );
};

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Box component="li" sx={{ display: 'grid' }}>
    <Typography variant="body2" color="textSecondary" component="span">
      {label}
    </Typography>
    <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
      {value}
    </Typography>
  </Box>
);

/** One live: its curve, its peak, how many came and how long they stayed. */
export const LiveCard = ({ live, title }: { live: LiveStatistics; title?: string }) => {
  const heading = title ?? liveTitle(live);
  return (
    <ChartCard
      title={heading}
      table={samplesTable(`Spectateurs : ${heading}`, live.samples)}
      fileName={csvFileName('spectateurs live', `${dayInParis(live.startedAt)}-${live.id}`)}
      emptyText="Aucun spectateur compté pour l’instant."
      summary={
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
            {live.peak ? peakText(live.peak) : 'Pas encore de pic : aucun spectateur compté.'}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 4,
              rowGap: 1,
            }}
          >
            <Figure label="Spectateurs uniques" value={formatCount(live.uniqueViewers)} />
            <Figure label="Temps moyen regardé" value={formatWatchTime(live.averageSeconds)} />
            <Figure label="Heures regardées" value={formatHours(live.seconds)} />
          </Box>
        </Box>
      }
      chart={<LiveChart live={live} />}
    />
  );
};

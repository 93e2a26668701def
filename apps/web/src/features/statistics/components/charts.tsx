import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import { frFRLocalText } from '@mui/x-charts/locales';
import type { DayString } from '@plateau/contract/constants';
import { dayDate, formatCount, formatDay, formatDayShort } from '../statistics-format.ts';

/**
 * The statistics' charts (`@mui/x-charts`): only the statistics pages import this file, so the
 * library loads with them and never with the rest of the app.
 */

export const CHART_HEIGHT = 280;
/** The left axis's room: the retention's pictures start where its plot does. */
export const Y_AXIS_WIDTH = 52;
// Room on the right for the last day's label, centred on the plot's edge.
export const CHART_MARGIN = { top: 12, right: 24, bottom: 4, left: 4 };

/** A curve's area drawn lightly: the grid and the curve stay readable through it. */
export const lightArea = { [`& .${lineClasses.area}`]: { fillOpacity: 0.25 } };

/** The day theme's series colours: the printed report's, on white whatever the theme. */
export const PAPER_COLORS = ['#0268a6', '#c43e00', '#7b1fa2'];

/** Series colours from the theme, legible on both backgrounds. */
export const useSeriesColors = () => {
  const { palette } = useTheme();
  const dark = palette.mode === 'dark';
  return [palette.primary.main, palette.secondary.main, dark ? '#ce93d8' : '#7b1fa2'];
};

/** French texts of the charts (« Pas de données »), and a figure named for screen readers. */
export const ChartFrame = ({ label, children }: { label: string; children: ReactNode }) => (
  <ChartsLocalizationProvider localeText={frFRLocalText}>
    <Box component="figure" aria-label={label} sx={{ m: 0, minWidth: 0 }}>
      {children}
    </Box>
  </ChartsLocalizationProvider>
);

export interface DailySeries {
  label: string;
  data: (number | null)[];
  format: (value: number) => string;
  /** Drawn against the right-hand axis (another unit, such as hours beside counts). */
  right?: boolean;
  /** Steps for a level that changes at one moment (storage), else a smooth line. */
  curve?: 'stepAfter';
}

const dayOfDate = (date: Date): DayString => date.toISOString().slice(0, 10);

const countFormat = (value: number) => formatCount(value);

/** One line per series along the period's days. */
export const DailyLineChart = ({
  label,
  days,
  series,
  leftFormat = countFormat,
  rightFormat,
  leftWidth = Y_AXIS_WIDTH,
  fromZero = true,
  height = CHART_HEIGHT,
  colors: ownColors,
}: {
  label: string;
  days: DayString[];
  series: DailySeries[];
  /** The left axis counts things (whole ticks), unless another format is given. */
  leftFormat?: (value: number) => string;
  rightFormat?: (value: number) => string;
  leftWidth?: number;
  /** False: the axis fits the values (storage grows a little on a large total). */
  fromZero?: boolean;
  height?: number;
  /** Other colours than the theme's (the printed report is on white in both themes). */
  colors?: string[];
}) => {
  const themeColors = useSeriesColors();
  const colors = ownColors ?? themeColors;
  const few = days.length <= 14;
  // A period with nothing yet still draws its axes from 0 up, not around 0.
  const nothing = (right: boolean) =>
    series.filter((one) => Boolean(one.right) === right).every((one) => one.data.every((v) => !v));
  return (
    <ChartFrame label={label}>
      <LineChart
        height={height}
        margin={CHART_MARGIN}
        grid={{ horizontal: true }}
        hideLegend={series.length < 2}
        xAxis={[
          {
            scaleType: 'utc',
            data: days.map(dayDate),
            valueFormatter: (value: Date, context) =>
              context.location === 'tick' ? formatDayShort(value) : formatDay(dayOfDate(value)),
          },
        ]}
        yAxis={[
          {
            id: 'left',
            width: leftWidth,
            ...(fromZero ? { min: 0 } : {}),
            ...(nothing(false) ? { max: 1 } : {}),
            ...(leftFormat === countFormat ? { tickMinStep: 1 } : {}),
            valueFormatter: leftFormat,
          },
          ...(rightFormat
            ? [
                {
                  id: 'right',
                  position: 'right' as const,
                  width: Y_AXIS_WIDTH,
                  min: 0,
                  ...(nothing(true) ? { max: 1 } : {}),
                  valueFormatter: rightFormat,
                },
              ]
            : []),
        ]}
        series={series.map((one, index) => ({
          label: one.label,
          data: one.data,
          color: colors[index % colors.length],
          yAxisId: one.right ? 'right' : 'left',
          curve: one.curve ?? 'monotoneX',
          // A few measured days (storage) are points: a line needs two of them to show.
          showMark: few || one.data.filter((value) => value !== null).length <= 14,
          connectNulls: true,
          valueFormatter: (value: number | null) => (value === null ? '—' : one.format(value)),
        }))}
      />
    </ChartFrame>
  );
};

/** Bars of one or more series per group (a day, a week or a month). */
export const GroupBarChart = ({
  label,
  groups,
  series,
  format = countFormat,
  height = CHART_HEIGHT,
}: {
  label: string;
  /** Each group's name on the axis and in the tooltip. */
  groups: { tick: string; name: string }[];
  series: { label: string; data: number[] }[];
  format?: (value: number) => string;
  height?: number;
}) => {
  const colors = useSeriesColors();
  // At most about a dozen names under the bars; the others are in the tooltip and the table.
  const step = Math.max(1, Math.ceil(groups.length / 12));
  return (
    <ChartFrame label={label}>
      <BarChart
        height={height}
        margin={CHART_MARGIN}
        grid={{ horizontal: true }}
        hideLegend={series.length < 2}
        xAxis={[
          {
            scaleType: 'band',
            data: groups.map((_, index) => index),
            tickInterval: (_: number, index: number) => index % step === 0,
            valueFormatter: (index: number, context) =>
              context.location === 'tick'
                ? (groups[index]?.tick ?? '')
                : (groups[index]?.name ?? ''),
          },
        ]}
        yAxis={[
          {
            width: Y_AXIS_WIDTH,
            min: 0,
            // Whole things: no half upload on the axis, and an empty period still has its scale.
            tickMinStep: 1,
            ...(series.every((one) => one.data.every((value) => !value)) ? { max: 1 } : {}),
            valueFormatter: format,
          },
        ]}
        series={series.map((one, index) => ({
          label: one.label,
          data: one.data,
          color: colors[index % colors.length],
          valueFormatter: (value: number | null) => (value === null ? '—' : format(value)),
        }))}
      />
    </ChartFrame>
  );
};

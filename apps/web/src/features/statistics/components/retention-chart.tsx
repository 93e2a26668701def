import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { RETENTION_STEPS } from '@plateau/contract/constants';
import { useSession } from '../../../lib/session.ts';
import { parseStoryboard, tileAt, type StoryboardTile } from '../../../lib/storyboard.ts';
import { storyboardQuery } from '../../../resources/storyboards.ts';
import { formatCount, formatShare } from '../statistics-format.ts';
import { stepLabel } from '../statistics-retention.ts';
import {
  CHART_HEIGHT,
  CHART_MARGIN,
  ChartFrame,
  useSeriesColors,
  lightArea,
  Y_AXIS_WIDTH,
} from './charts.tsx';

/** The sprite's size, from its tiles (a storyboard's sprite is a grid of them, nothing else). */
const spriteSizes = (tiles: readonly StoryboardTile[]) => {
  const sizes = new Map<string, { width: number; height: number }>();
  for (const tile of tiles) {
    const size = sizes.get(tile.image) ?? { width: 0, height: 0 };
    size.width = Math.max(size.width, tile.x + tile.width);
    size.height = Math.max(size.height, tile.y + tile.height);
    sizes.set(tile.image, size);
  }
  return sizes;
};

/** A tile cut out of its sprite in percentages: it fills a box of any width. */
const tileStyle = (tile: StoryboardTile, sprite: { width: number; height: number }) => {
  const position = (offset: number, size: number, whole: number) =>
    whole === size ? '0%' : `${(offset / (whole - size)) * 100}%`;
  return {
    backgroundImage: `url("${tile.image}")`,
    backgroundSize: `${(sprite.width / tile.width) * 100}% ${(sprite.height / tile.height) * 100}%`,
    backgroundPosition: `${position(tile.x, tile.width, sprite.width)} ${position(tile.y, tile.height, sprite.height)}`,
    aspectRatio: `${tile.width} / ${tile.height}`,
  };
};

/** `count` pictures of the video at even intervals, each the middle of its stretch. */
const Strip = ({
  tiles,
  duration,
  count,
  display,
}: {
  tiles: readonly StoryboardTile[];
  duration: number;
  count: number;
  display: object;
}) => {
  const sprites = spriteSizes(tiles);
  return (
    <Box
      sx={{
        display,
        gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))`,
        gap: '2px',
        ml: `${Y_AXIS_WIDTH + CHART_MARGIN.left}px`,
        mr: `${CHART_MARGIN.right}px`,
      }}
    >
      {Array.from({ length: count }, (_, index) => {
        const tile = tileAt(tiles, ((index + 0.5) / count) * duration)!;
        return (
          <Box
            key={index}
            data-testid="retention-picture"
            style={tileStyle(tile, sprites.get(tile.image)!)}
            sx={{ backgroundRepeat: 'no-repeat', bgcolor: 'grey.900', borderRadius: 0.5 }}
          />
        );
      })}
    </Box>
  );
};

interface RetentionChartProps {
  videoId: number;
  duration: number;
  retention: readonly number[];
  height?: number;
}

/**
 * How many views played each 1 % of the video, with the video's pictures under the curve: where
 * it drops, people stopped, and the picture says what was on screen then.
 */
export const RetentionChart = ({
  videoId,
  duration,
  retention,
  height = CHART_HEIGHT,
}: RetentionChartProps) => {
  const { token } = useSession();
  const colors = useSeriesColors();
  const storyboard = useQuery(storyboardQuery(videoId, token));
  const tiles = useMemo(
    () => (storyboard.data ? parseStoryboard(storyboard.data.text, storyboard.data.url) : []),
    [storyboard.data],
  );
  const first = retention[0] ?? 0;
  return (
    <ChartFrame label="Graphique : vues ayant regardé chaque partie de la vidéo">
      <LineChart
        height={height}
        margin={{ ...CHART_MARGIN, bottom: 0 }}
        grid={{ horizontal: true }}
        hideLegend
        xAxis={[
          {
            scaleType: 'linear',
            // Each step drawn in its middle, so 0 % and 100 % are the video's two ends.
            data: retention.map((_, index) => ((index + 0.5) / RETENTION_STEPS) * 100),
            min: 0,
            max: 100,
            tickNumber: 5,
            valueFormatter: (value: number, context) =>
              context.location === 'tick'
                ? formatShare(value / 100)
                : stepLabel(Math.floor((value / 100) * RETENTION_STEPS), duration),
          },
        ]}
        yAxis={[
          { width: Y_AXIS_WIDTH, min: 0, valueFormatter: (value: number) => formatCount(value) },
        ]}
        series={[
          {
            label: 'Vues',
            data: [...retention],
            area: true,
            showMark: false,
            color: colors[0],
            valueFormatter: (value: number | null) =>
              value === null
                ? '—'
                : `${formatCount(value)}${first > 0 ? ` (${formatShare(value / first)} du début)` : ''}`,
          },
        ]}
        sx={lightArea}
      />
      {tiles.length > 0 && duration > 0 && (
        <Box aria-hidden sx={{ display: 'grid', gap: '2px' }}>
          <Strip
            tiles={tiles}
            duration={duration}
            count={10}
            display={{ xs: 'none', sm: 'grid' }}
          />
          <Strip tiles={tiles} duration={duration} count={5} display={{ xs: 'grid', sm: 'none' }} />
        </Box>
      )}
    </ChartFrame>
  );
};

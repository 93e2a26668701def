import { memo } from 'react';
import Box from '@mui/material/Box';
import type { Loudness } from '@plateau/contract';
import { tileAt, type StoryboardTile } from '../../../../lib/storyboard.ts';
import { formatChapterTime } from '../../chapter-times.ts';
import { loudnessBars } from '../../trim-spans.ts';

export const RULER_HEIGHT = 18;
export const LOUDNESS_HEIGHT = 32;

/** The part of the timeline in view, in its own pixels: only that much is drawn. */
export interface StripView {
  /** The timeline's whole width at this zoom. */
  width: number;
  from: number;
  to: number;
  duration: number;
}

/** Label spacings the ruler chooses from: frames when zoomed in, hours on a long evening. */
const TICKS = [0.1, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

export const Ruler = memo(function Ruler({ width, from, to, duration }: StripView) {
  const spacing = TICKS.find((tick) => (tick / duration) * width >= 90) ?? 3600;
  const ticks: number[] = [];
  const first = Math.floor(((from / width) * duration) / spacing);
  for (let k = first; k * spacing <= Math.min(duration, (to / width) * duration); k += 1) {
    ticks.push(Math.round(k * spacing * 1000) / 1000);
  }
  return (
    <Box aria-hidden sx={{ position: 'relative', height: RULER_HEIGHT, overflow: 'hidden' }}>
      {ticks.map((time) => (
        <Box
          key={time}
          component="span"
          style={{ left: (time / duration) * width }}
          sx={{
            position: 'absolute',
            top: 0,
            pl: 0.5,
            borderLeft: 1,
            borderColor: 'text.secondary',
            color: 'text.secondary',
            typography: 'caption',
            lineHeight: `${RULER_HEIGHT}px`,
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {formatChapterTime(time)}
        </Box>
      ))}
    </Box>
  );
});

/**
 * The video's pictures along the timeline, one storyboard tile every thumbnail's width (the tile
 * of the time in its middle), scaled to the strip's height. Without a storyboard, a plain band.
 */
export const Thumbnails = memo(function Thumbnails({
  tiles,
  height,
  view,
}: {
  tiles: readonly StoryboardTile[];
  height: number;
  view: StripView;
}) {
  const sample = tiles[0];
  const thumbWidth = sample ? Math.max(24, (sample.width / sample.height) * height) : 0;
  const thumbs: { x: number; tile: StoryboardTile }[] = [];
  if (sample && view.width > 0) {
    const last = Math.min(view.to, view.width);
    for (let x = Math.floor(view.from / thumbWidth) * thumbWidth; x < last; x += thumbWidth) {
      const time = ((x + thumbWidth / 2) / view.width) * view.duration;
      thumbs.push({ x, tile: tileAt(tiles, Math.min(time, view.duration))! });
    }
  }
  return (
    <Box
      aria-hidden
      data-testid="trim-thumbnails"
      style={{ height }}
      sx={{ position: 'relative', overflow: 'hidden', bgcolor: 'grey.800' }}
    >
      {thumbs.map(({ x, tile }) => (
        <Box
          key={x}
          style={{ left: x, width: thumbWidth, height }}
          sx={{ position: 'absolute', top: 0, overflow: 'hidden', bgcolor: '#000' }}
        >
          <Box
            style={{
              width: tile.width,
              height: tile.height,
              backgroundImage: `url("${tile.image}")`,
              backgroundPosition: `${-tile.x}px ${-tile.y}px`,
              transform: `scale(${height / tile.height})`,
            }}
            sx={{ backgroundRepeat: 'no-repeat', transformOrigin: '0 0' }}
          />
        </Box>
      ))}
    </Box>
  );
});

/**
 * The sound's loudness as bars under the pictures: silence is flat, applause stands up. One
 * path for the part in view, so a two-hour evening stays a few hundred bars.
 */
export const LoudnessBars = memo(function LoudnessBars({
  loudness,
  view,
}: {
  loudness: Loudness | null;
  view: StripView;
}) {
  const bars = loudness
    ? loudnessBars(
        loudness.levels,
        loudness.interval,
        view.duration,
        view.width,
        view.from,
        view.to,
        3,
      )
    : [];
  const path = bars
    .map(({ x, height }) => {
      const tall = Math.max(1, height * (LOUDNESS_HEIGHT - 2));
      return `M${x - view.from} ${LOUDNESS_HEIGHT}v-${tall.toFixed(1)}h2v${tall.toFixed(1)}z`;
    })
    .join('');
  return (
    <Box
      aria-hidden
      data-testid="trim-loudness"
      data-bars={bars.length}
      sx={{
        position: 'relative',
        height: LOUDNESS_HEIGHT,
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.900' : 'grey.200'),
        color: 'primary.main',
      }}
    >
      {bars.length > 0 && (
        <svg
          width={Math.max(0, view.to - view.from)}
          height={LOUDNESS_HEIGHT}
          style={{ position: 'absolute', left: view.from, top: 0 }}
        >
          <path d={path} fill="currentColor" />
        </svg>
      )}
    </Box>
  );
});

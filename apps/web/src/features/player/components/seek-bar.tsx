import { useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import type { Chapter } from '@plateau/contract';
import { chapterAt } from '../chapters.ts';
import { formatTime } from '../media-url.ts';
import { clampPreview, tileAt } from '../../../lib/storyboard.ts';
import type { MediaState } from '../use-media-state.ts';
import { useStoryboard, type StoryboardSource } from '../use-storyboard.ts';
import { RangeBar } from './range-bar.tsx';
import { SeekPreview, TIME_BUBBLE_WIDTH } from './seek-preview.tsx';

interface SeekBarProps {
  state: MediaState;
  onSeek: (time: number) => void;
  /** The video whose storyboard previews the bar; null when it cannot have one. */
  storyboard: StoryboardSource | null;
  /** The video's chapters: marked on the bar, named in the preview. */
  chapters?: readonly Chapter[];
}

interface Pointer {
  /** Share of the bar left of the pointer, 0 to 1. */
  ratio: number;
  /** The pointer and the player's edges, in the bar's pixels. */
  x: number;
  min: number;
  max: number;
}

/** The player's bar stays this far inside its edges. */
const EDGE = 4;
/** The preview's width for a chapter's title without a tile: a tile's. */
const CHAPTER_WIDTH = 160;

/**
 * The progress bar with its seek preview (issue 21): the frame and time under a hovering mouse,
 * or under a finger while it drags the bar (hidden when it lifts).
 */
export const SeekBar = ({ state, onSeek, storyboard, chapters = [] }: SeekBarProps) => {
  const [pointer, setPointer] = useState<Pointer | null>(null);
  const [hovered, setHovered] = useState(false);
  // Asked from the first play or the first hover, whichever comes first: never before the
  // first frame, and mostly there by the time the pointer reaches the bar.
  const tiles = useStoryboard(storyboard, hovered || !state.paused);

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const bar = event.currentTarget.getBoundingClientRect();
    // The controls' box, parent of this one, spans the player's whole width.
    const player = event.currentTarget.parentElement?.getBoundingClientRect() ?? bar;
    const x = Math.min(bar.width, Math.max(0, event.clientX - bar.left));
    setPointer({
      ratio: bar.width > 0 ? x / bar.width : 0,
      x,
      min: player.left - bar.left,
      max: player.right - bar.left,
    });
    setHovered(true);
  };
  const leave = () => setPointer(null);

  const time = pointer && state.duration > 0 ? pointer.ratio * state.duration : null;
  const tile = time === null ? (tiles[0] ?? null) : tileAt(tiles, time);
  const chapter = time === null ? undefined : chapters[chapterAt(chapters, time)]?.title;
  // A chapter's title gets the room of a tile at least.
  const width = Math.max(tile?.width ?? 0, chapter ? CHAPTER_WIDTH : TIME_BUBBLE_WIDTH);
  return (
    <Box
      sx={{ position: 'relative' }}
      onPointerMove={follow}
      onPointerDown={follow}
      onPointerLeave={leave}
      // A finger's preview goes when it lifts; a mouse's stays while it hovers.
      onPointerUp={(event) => {
        if (event.pointerType !== 'mouse') leave();
      }}
      onPointerCancel={leave}
    >
      <RangeBar
        label="Position de lecture"
        value={state.currentTime}
        max={state.duration}
        buffered={state.bufferedEnd}
        valueText={`${formatTime(state.currentTime)} sur ${formatTime(state.duration)}`}
        onChange={onSeek}
        keyStep={5}
        marks={chapters.map((one) => one.start)}
      />
      <SeekPreview
        time={time}
        tile={tile}
        width={width}
        left={pointer ? clampPreview(pointer.x, width, pointer.min, pointer.max, EDGE) : 0}
        chapter={chapter}
      />
    </Box>
  );
};

import Box from '@mui/material/Box';
import { formatTime } from '../media-url.ts';
import type { StoryboardTile } from '../../../lib/storyboard.ts';

/** Wide enough for `h:mm:ss` in the time bubble, so a preview without a tile can be clamped. */
export const TIME_BUBBLE_WIDTH = 72;

interface SeekPreviewProps {
  /** The time under the pointer; null hides the preview. */
  time: number | null;
  /** The tile of that time, or the one to keep loaded while hidden; null without storyboard. */
  tile: StoryboardTile | null;
  /** The preview's left edge in its container's pixels (already clamped) and its width. */
  left: number;
  width: number;
  /** The chapter at that time, above it. */
  chapter?: string;
}

/**
 * The frame and the time above the progress bar (issue 21). Kept mounted while hidden, so the
 * sprite loads as soon as the track is there and stays loaded between two hovers. Pixel values
 * go in `style`: through `sx`, every position of the pointer would add a CSS class.
 * Visual only: the bar's own value text speaks the time to screen readers.
 */
export const SeekPreview = ({ time, tile, left, width, chapter }: SeekPreviewProps) => (
  <Box
    aria-hidden
    data-testid="seek-preview"
    data-shown={time !== null}
    style={{ left, width }}
    sx={{
      position: 'absolute',
      bottom: 'calc(100% + 4px)',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: 0.5,
      pointerEvents: 'none',
      visibility: time === null ? 'hidden' : 'visible',
    }}
  >
    {tile && (
      <Box
        data-testid="seek-preview-tile"
        style={{
          width: tile.width,
          height: tile.height,
          backgroundImage: `url("${tile.image}")`,
          backgroundPosition: `${-tile.x}px ${-tile.y}px`,
        }}
        sx={{
          backgroundRepeat: 'no-repeat',
          // Black until the sprite is there: a frame is being drawn, not a hole in the page.
          bgcolor: '#000',
          borderRadius: 1,
          boxShadow: '0 0 0 2px rgba(255,255,255,0.9), 0 2px 8px rgba(0,0,0,0.6)',
        }}
      />
    )}
    {chapter && (
      <Box
        component="span"
        data-testid="seek-preview-chapter"
        sx={{
          maxWidth: '100%',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          color: '#fff',
          typography: 'body2',
          fontWeight: 600,
          textShadow: '0 1px 3px rgba(0,0,0,0.9)',
        }}
      >
        {chapter}
      </Box>
    )}
    <Box
      component="span"
      sx={{
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'rgba(0,0,0,0.8)',
        color: '#fff',
        typography: 'body2',
        lineHeight: 1.4,
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {formatTime(time ?? 0)}
    </Box>
  </Box>
);

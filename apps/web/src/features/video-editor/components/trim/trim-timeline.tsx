import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import type { Loudness } from '@plateau/contract';
import type { KeptSpan } from '@plateau/contract/constants';
import type { StoryboardTile } from '../../../../lib/storyboard.ts';
import {
  handleBounds,
  maxZoom,
  removedSpans,
  scrollKeeping,
  spokenTime,
  zoomStep,
  type Edge,
} from '../../trim-spans.ts';
import { TrimHandle } from './trim-handle.tsx';
import { LoudnessBars, Ruler, Thumbnails, LOUDNESS_HEIGHT, type StripView } from './trim-strip.tsx';
import { useViewWidth } from './use-view-width.ts';

interface TrimTimelineProps {
  duration: number;
  keep: KeptSpan[];
  playhead: number;
  tiles: readonly StoryboardTile[];
  loudness: Loudness | null;
  disabled: boolean;
  onSeek: (time: number) => void;
  onHandle: (index: number, edge: Edge, time: number) => void;
  /** The buttons that act at the playhead, on the zoom's row (they wrap on a phone). */
  tools: ReactNode;
}

const edgeNames: Record<Edge, string> = { start: 'Début', end: 'Fin' };
/** A finger that moved this far was scrolling the timeline, not choosing a time. */
const TAP_SLOP = 10;

/**
 * The whole video as pictures and loudness, the kept ranges framed with a handle at each edge,
 * the removed parts hatched, and the playhead. Zoomed in, it scrolls sideways in its own box;
 * only the part in view is drawn.
 */
export const TrimTimeline = ({
  duration,
  keep,
  playhead,
  tiles,
  loudness,
  disabled,
  onSeek,
  onHandle,
  tools,
}: TrimTimelineProps) => {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const view = useViewWidth(box);
  const [wanted, setZoom] = useState(1);
  const deepest = maxZoom(duration, view);
  const zoom = Math.min(wanted, deepest);
  const width = view * zoom;
  const [scrollLeft, setScrollLeft] = useState(0);
  const pendingScroll = useRef<number | null>(null);
  const gesture = useRef<{ seeking: boolean; touchX: number | null }>({
    seeking: false,
    touchX: null,
  });
  const thumbHeight = view > 0 && view < 600 ? 44 : 56;
  const xOf = (time: number) => (duration > 0 ? (time / duration) * width : 0);
  const playheadX = xOf(playhead);

  const timeAt = (clientX: number) => {
    const rect = content.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return playhead;
    return Math.min(duration, Math.max(0, ((clientX - rect.left) / rect.width) * duration));
  };

  const changeZoom = (direction: 1 | -1) => {
    const scroller = box.current;
    const next = zoomStep(zoom, direction, duration, view);
    let offset = playheadX - (scroller?.scrollLeft ?? 0);
    if (offset < 0 || offset > view) offset = view / 2;
    pendingScroll.current = scrollKeeping(playhead, duration, view * next, view, offset);
    setZoom(next);
  };

  useLayoutEffect(() => {
    const scroller = box.current;
    if (pendingScroll.current === null || !scroller) return;
    scroller.scrollLeft = pendingScroll.current;
    setScrollLeft(scroller.scrollLeft);
    pendingScroll.current = null;
  }, [zoom]);

  // The playhead stays in view while it plays or steps past the view's edge.
  useEffect(() => {
    const scroller = box.current;
    if (!scroller || width <= view) return;
    if (playheadX < scroller.scrollLeft || playheadX > scroller.scrollLeft + view) {
      scroller.scrollLeft = Math.max(0, playheadX - view / 2);
      setScrollLeft(scroller.scrollLeft);
    }
  }, [playheadX, view, width]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    // A finger scrolls a zoomed timeline: it seeks only on a tap, when it is lifted.
    if (event.pointerType === 'touch') {
      gesture.current.touchX = event.clientX;
      return;
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gesture.current.seeking = true;
    onSeek(timeAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent) => {
    if (gesture.current.seeking) onSeek(timeAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent) => {
    const { touchX } = gesture.current;
    if (touchX !== null && Math.abs(event.clientX - touchX) < TAP_SLOP) {
      onSeek(timeAt(event.clientX));
    }
    gesture.current = { seeking: false, touchX: null };
  };

  // The same view while only the playhead moves: the pictures and bars are not drawn again.
  const strip: StripView = useMemo(
    () => ({ width, duration, from: Math.max(0, scrollLeft - 120), to: scrollLeft + view + 120 }),
    [width, duration, scrollLeft, view],
  );
  const stripHeight = thumbHeight + LOUDNESS_HEIGHT;

  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {tools}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
          <IconButton
            type="button"
            aria-label="Zoom −"
            disabled={zoom <= 1}
            onClick={() => changeZoom(-1)}
          >
            <ZoomOutIcon />
          </IconButton>
          <Typography
            variant="body2"
            color="textSecondary"
            aria-live="polite"
            sx={{ minWidth: 72, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
          >
            {zoom >= deepest && deepest > 1 ? 'À l’image' : `×${Math.round(zoom)}`}
          </Typography>
          <IconButton
            type="button"
            aria-label="Zoom +"
            disabled={zoom >= deepest}
            onClick={() => changeZoom(1)}
          >
            <ZoomInIcon />
          </IconButton>
        </Box>
      </Box>
      <Box
        ref={box}
        data-testid="trim-scroll"
        onScroll={(event) => setScrollLeft(event.currentTarget.scrollLeft)}
        sx={{
          overflowX: 'auto',
          overflowY: 'hidden',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          overscrollBehaviorX: 'contain',
          // The playhead's focus ring goes round the whole timeline, above the pictures.
          '&:has([data-playhead]:focus-visible)': {
            outline: 2,
            outlineColor: 'warning.main',
            outlineOffset: 2,
          },
        }}
      >
        <Box ref={content} style={{ width: width || '100%' }} sx={{ position: 'relative' }}>
          <Ruler {...strip} />
          <Box style={{ height: stripHeight }} sx={{ position: 'relative', overflow: 'hidden' }}>
            <Thumbnails tiles={tiles} height={thumbHeight} view={strip} />
            <LoudnessBars loudness={loudness} view={strip} />
            <Box
              role="slider"
              tabIndex={0}
              data-playhead
              aria-label="Tête de lecture"
              aria-valuemin={0}
              aria-valuemax={duration}
              aria-valuenow={playhead}
              aria-valuetext={spokenTime(playhead)}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (gesture.current = { seeking: false, touchX: null })}
              sx={{
                position: 'absolute',
                inset: 0,
                zIndex: 1,
                cursor: 'pointer',
                touchAction: 'pan-x',
                outline: 'none',
              }}
            />
            {removedSpans(keep, duration).map((span) => (
              <Box
                key={`removed-${span.start}`}
                data-testid="trim-removed"
                style={{ left: xOf(span.start), width: xOf(span.end) - xOf(span.start) }}
                sx={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  zIndex: 2,
                  pointerEvents: 'none',
                  background:
                    'repeating-linear-gradient(135deg, rgba(0,0,0,0.62) 0 6px, rgba(0,0,0,0.78) 6px 12px)',
                }}
              />
            ))}
            {keep.map((span) => (
              <Box
                key={`kept-${span.start}`}
                style={{ left: xOf(span.start), width: xOf(span.end) - xOf(span.start) }}
                sx={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  zIndex: 2,
                  pointerEvents: 'none',
                  borderTop: 3,
                  borderBottom: 3,
                  borderColor: disabled ? 'action.disabled' : 'primary.main',
                }}
              />
            ))}
            <Box
              aria-hidden
              data-testid="trim-playhead"
              style={{ left: playheadX - 1 }}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                width: 2,
                zIndex: 4,
                pointerEvents: 'none',
                bgcolor: 'error.main',
                boxShadow: '0 0 0 1px rgba(255,255,255,0.6)',
              }}
            />
            {keep.flatMap((span, index) =>
              (['start', 'end'] as const).map((edge) => (
                <TrimHandle
                  key={`${index}-${edge}`}
                  label={`${edgeNames[edge]} de la partie ${index + 1}`}
                  edge={edge}
                  value={span[edge]}
                  {...handleBounds(keep, index, edge, duration)}
                  duration={duration}
                  x={xOf(span[edge])}
                  timeAt={timeAt}
                  onMove={(time) => onHandle(index, edge, time)}
                  disabled={disabled}
                />
              )),
            )}
          </Box>
        </Box>
      </Box>
    </Box>
  );
};

import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import { formatChapterTime } from '../../chapter-times.ts';
import { spokenTime, stepFrames, stepSeconds, type Edge } from '../../trim-spans.ts';

interface TrimHandleProps {
  /** « Début de la partie 1 ». */
  label: string;
  edge: Edge;
  value: number;
  min: number;
  max: number;
  duration: number;
  /** Where the handle sits on the timeline, in pixels. */
  x: number;
  /** The time under a pointer at `clientX`. */
  timeAt: (clientX: number) => number;
  onMove: (time: number) => void;
  disabled: boolean;
}

/** The keys that move a handle, beside the timeline's own: a frame, a second, ten seconds. */
const moves: Record<string, (time: number, duration: number) => number> = {
  ArrowLeft: (time, duration) => stepSeconds(time, -1, duration),
  ArrowRight: (time, duration) => stepSeconds(time, 1, duration),
  ArrowDown: (time, duration) => stepSeconds(time, -1, duration),
  ArrowUp: (time, duration) => stepSeconds(time, 1, duration),
  ',': (time, duration) => stepFrames(time, -1, duration),
  '.': (time, duration) => stepFrames(time, 1, duration),
  PageDown: (time, duration) => stepSeconds(time, -10, duration),
  PageUp: (time, duration) => stepSeconds(time, 10, duration),
};

/**
 * One edge of a kept range, dragged with a mouse or a finger (pointer events, captured so the
 * drag goes on outside it) or moved with the keys once reached by Tab. The grip is wider than
 * it looks: a finger must be able to take it.
 */
export const TrimHandle = ({
  label,
  edge,
  value,
  min,
  max,
  duration,
  x,
  timeAt,
  onMove,
  disabled,
}: TrimHandleProps) => {
  const dragging = useRef(false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const move = moves[event.key];
    let next: number | null = move ? move(value, duration) : null;
    if (event.key === 'Home') next = min;
    if (event.key === 'End') next = max;
    if (next === null) return;
    // The timeline's keys move the playhead: on a handle they move the handle instead.
    event.preventDefault();
    event.stopPropagation();
    onMove(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragging.current = true;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (dragging.current) onMove(timeAt(event.clientX));
  };
  const stop = (event: PointerEvent<HTMLElement>) => {
    dragging.current = false;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  return (
    <Box
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={Math.round(min * 1000) / 1000}
      aria-valuemax={Math.round(max * 1000) / 1000}
      aria-valuenow={value}
      aria-valuetext={spokenTime(value)}
      aria-disabled={disabled || undefined}
      title={`${label} : ${formatChapterTime(value)}`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      style={{ left: x - 14 }}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        width: 28,
        zIndex: 3,
        cursor: disabled ? 'default' : 'ew-resize',
        touchAction: 'none',
        outline: 'none',
        display: 'flex',
        justifyContent: 'center',
        // The bar itself, on the kept side of the edge's line.
        '&::before': {
          content: '""',
          position: 'absolute',
          top: 0,
          bottom: 0,
          width: 8,
          left: edge === 'start' ? 14 : 6,
          bgcolor: disabled ? 'action.disabled' : 'primary.main',
          borderRadius: edge === 'start' ? '4px 0 0 4px' : '0 4px 4px 0',
        },
        // A grip in its middle, so it reads as something to take.
        '&::after': {
          content: '""',
          position: 'absolute',
          top: 'calc(50% - 10px)',
          height: 20,
          width: 2,
          left: edge === 'start' ? 17 : 9,
          bgcolor: 'primary.contrastText',
          borderRadius: 1,
          opacity: 0.9,
        },
        '&:focus-visible::before': {
          boxShadow: (theme) => `0 0 0 3px ${theme.palette.warning.main}`,
        },
      }}
    />
  );
};

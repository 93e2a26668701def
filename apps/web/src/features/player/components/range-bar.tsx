import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

interface RangeBarProps {
  label: string;
  value: number;
  max: number;
  /** Spoken value ("0:12 sur 1:30"). */
  valueText: string;
  onChange: (value: number) => void;
  /** What an arrow key moves (the bar itself is continuous under a finger or mouse). */
  keyStep: number;
  /** Greyed range already loaded (seek bar). */
  buffered?: number;
  /** Values marked on the track by a gap (chapter starts). */
  marks?: readonly number[];
  sx?: SxProps<Theme>;
}

/** The player is dark in both themes: the dark theme's blue reads well on any video. */
const ACCENT = '#4fc3f7';

const percent = (value: number, max: number) =>
  max > 0 ? `${Math.min(100, Math.max(0, (value / max) * 100))}%` : '0%';

/**
 * A native range input (keyboard, touch and screen readers for free) laid invisibly over a
 * drawn track, so the track can show the buffered range: lighter than MUI's Slider.
 */
export const RangeBar = ({
  label,
  value,
  max,
  valueText,
  onChange,
  keyStep,
  buffered,
  marks = [],
  sx,
}: RangeBarProps) => {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: -keyStep,
      ArrowDown: -keyStep,
      ArrowRight: keyStep,
      ArrowUp: keyStep,
      PageDown: -keyStep * 2,
      PageUp: keyStep * 2,
      Home: -max,
      End: max,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    onChange(Math.min(max, Math.max(0, value + move)));
  };
  return (
    <Box
      sx={[
        {
          position: 'relative',
          height: 24,
          display: 'flex',
          alignItems: 'center',
          '&:hover .range-thumb, & input:focus-visible + .range-thumb': { transform: 'scale(1)' },
          '& input:focus-visible + .range-thumb': {
            outline: '2px solid #fff',
            outlineOffset: 2,
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          height: 4,
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'rgba(255,255,255,0.25)',
        }}
      >
        {buffered !== undefined && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              width: percent(buffered, max),
              bgcolor: 'rgba(255,255,255,0.45)',
            }}
          />
        )}
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            width: percent(value, max),
            bgcolor: ACCENT,
          }}
        />
        {marks
          .filter((mark) => mark > 0 && mark < max)
          .map((mark) => (
            <Box
              key={mark}
              data-testid="range-mark"
              style={{ left: percent(mark, max) }}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                width: 3,
                ml: '-1px',
                bgcolor: '#000',
              }}
            />
          ))}
      </Box>
      <Box
        component="input"
        type="range"
        min={0}
        max={max || 0}
        step="any"
        value={Math.min(value, max || 0)}
        aria-label={label}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number((event.target as HTMLInputElement).value))}
        onKeyDown={onKeyDown}
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          m: 0,
          opacity: 0,
          cursor: 'pointer',
          // A thumb one pixel wide: the value under a pointer is then linear over the whole
          // width, as the drawn track and the seek preview are (a default thumb, 16 px or so,
          // shifts it by half its width near the ends).
          appearance: 'none',
          // '1px', not 1: sx reads a width of 1 as 100 %.
          '&::-webkit-slider-thumb': { appearance: 'none', width: '1px', height: 24 },
          '&::-moz-range-thumb': { width: '1px', height: 24, border: 0 },
          // Touch drags move the bar, not the page.
          touchAction: 'none',
        }}
      />
      <Box
        className="range-thumb"
        aria-hidden
        sx={{
          position: 'absolute',
          left: `calc(${percent(value, max)} - 7px)`,
          width: 14,
          height: 14,
          borderRadius: '50%',
          bgcolor: ACCENT,
          pointerEvents: 'none',
          transform: 'scale(0.75)',
          transition: 'transform 120ms',
        }}
      />
    </Box>
  );
};

import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { KeptSpan } from '@plateau/contract/constants';
import { formatChapterTime, parseChapterTime } from '../../chapter-times.ts';
import { handleBounds, type Edge } from '../../trim-spans.ts';

export const rangeMessages = {
  badTime: 'Temps invalide (m:ss.mmm)',
  outside: (min: number, max: number) =>
    `Entre ${formatChapterTime(min)} et ${formatChapterTime(max)}`,
} as const;

interface TimeFieldProps {
  label: string;
  value: number;
  bounds: { min: number; max: number };
  disabled: boolean;
  /** False when the time is outside what this edge allows. */
  onCommit: (time: number) => boolean;
}

/**
 * One typed edge. The text is the member's while they type; it is taken on Enter or when the
 * field is left, and shows the edge's time again once taken (or moved by a handle).
 */
const TimeField = ({ label, value, bounds, disabled, onCommit }: TimeFieldProps) => {
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Moved by a handle (or taken): the field shows the edge's time again.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(null);
    setProblem(null);
  }
  const commit = () => {
    if (text === null) return;
    const time = parseChapterTime(text);
    if (time === null) return setProblem(rangeMessages.badTime);
    if (!onCommit(time)) return setProblem(rangeMessages.outside(bounds.min, bounds.max));
    setText(null);
    setProblem(null);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text ?? formatChapterTime(value)}
      disabled={disabled}
      error={problem !== null}
      helperText={problem ?? ' '}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        // The edit page is a form: Enter here takes the time, it does not save the video.
        if (event.key !== 'Enter') return;
        event.preventDefault();
        commit();
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', spellCheck: false } }}
      sx={{ flex: { xs: '1 1 0', sm: 'none' }, width: { sm: 132 }, minWidth: 0 }}
    />
  );
};

interface TrimRangesProps {
  keep: KeptSpan[];
  duration: number;
  disabled: boolean;
  /** A typed edge: false when that edge cannot go there. */
  onEdge: (index: number, edge: Edge, time: number) => boolean;
  onRemove: (index: number) => void;
}

/** The kept ranges as typed times, to the millisecond, each removable while another is left. */
export const TrimRanges = ({ keep, duration, disabled, onEdge, onRemove }: TrimRangesProps) => (
  <Box
    component="ol"
    aria-label="Parties gardées"
    sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
  >
    {keep.map((span, index) => (
      <Box
        component="li"
        // Ranges only split or go: the position is what the member sees as its name.
        key={index}
        aria-label={`Partie ${index + 1}`}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          columnGap: 1,
          rowGap: 1,
        }}
      >
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ width: { xs: '100%', sm: 64 }, pt: { sm: 1 }, flex: 'none', fontWeight: 600 }}
        >
          Partie {index + 1}
        </Typography>
        {(['start', 'end'] as const).map((edge) => (
          <TimeField
            key={edge}
            label={edge === 'start' ? 'Début' : 'Fin'}
            value={span[edge]}
            bounds={handleBounds(keep, index, edge, duration)}
            disabled={disabled}
            onCommit={(time) => onEdge(index, edge, time)}
          />
        ))}
        <IconButton
          type="button"
          aria-label={`Retirer la partie ${index + 1}`}
          disabled={disabled || keep.length === 1}
          onClick={() => onRemove(index)}
          sx={{ mt: 0.25 }}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
    ))}
  </Box>
);

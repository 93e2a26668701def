import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { statisticsPeriods, type StatisticsPeriod } from '@plateau/contract/constants';
import { formatRange } from '../statistics-format.ts';
import { periodLabels, type PeriodChoice } from '../statistics-period.ts';

interface PeriodPickerProps {
  choice: PeriodChoice;
  /** A new period; a chosen range with its days (the fields start from the days shown). */
  onChange: (period: StatisticsPeriod, range?: { from: string; to: string }) => void;
}

/**
 * « 7 jours », « 30 jours », « Année scolaire » or « Période choisie » (Du / Au): the page asks
 * for the days as soon as the range is whole.
 */
export const PeriodPicker = ({ choice, onChange }: PeriodPickerProps) => (
  <Box sx={{ display: 'grid', gap: 1.5 }}>
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={choice.period}
      aria-label="Période"
      onChange={(_, next: StatisticsPeriod | null) => {
        if (!next) return;
        onChange(next, next === 'range' ? { from: choice.from, to: choice.to } : undefined);
      }}
      // Apart rather than joined: on a phone they wrap onto two lines and stay whole buttons.
      sx={{
        flexWrap: 'wrap',
        gap: 1,
        '& .MuiToggleButtonGroup-grouped': {
          textTransform: 'none',
          // The theme's grey for an unpressed choice is too pale on the day theme's white.
          color: 'text.primary',
          px: 1.5,
          m: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        },
      }}
    >
      {statisticsPeriods.map((period) => (
        <ToggleButton key={period} value={period}>
          {periodLabels[period]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
    {choice.period === 'range' ? (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          type="date"
          size="small"
          label="Du"
          value={choice.from}
          onChange={(event) => onChange('range', { from: event.target.value, to: choice.to })}
          error={choice.problem !== null}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <TextField
          type="date"
          size="small"
          label="Au"
          value={choice.to}
          onChange={(event) => onChange('range', { from: choice.from, to: event.target.value })}
          error={choice.problem !== null}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        {choice.problem && (
          <Typography role="alert" variant="body2" color="error" sx={{ flexBasis: '100%' }}>
            {choice.problem}
          </Typography>
        )}
      </Box>
    ) : (
      <Typography variant="body2" color="textSecondary">
        {formatRange(choice.from, choice.to)}
      </Typography>
    )}
  </Box>
);

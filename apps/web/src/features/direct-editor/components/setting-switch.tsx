import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';

export interface SettingSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  /** What the switch does, under it. */
  helper: ReactNode;
  /** A line more, when there is something to say now. */
  note?: ReactNode;
}

/** A switch of the broadcast panel with what it does written under it. */
export const SettingSwitch = ({
  label,
  checked,
  onChange,
  disabled,
  helper,
  note,
}: SettingSwitchProps) => (
  <Box>
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
        />
      }
      label={label}
    />
    <FormHelperText sx={{ mt: 0 }}>{helper}</FormHelperText>
    {note && <FormHelperText sx={{ mt: 0.5 }}>{note}</FormHelperText>}
  </Box>
);

import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { DirectBroadcast } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { useSetLowLatency } from '../../../resources/live.ts';
import { broadcastMessages } from '../broadcast-messages.ts';

interface LowLatencyToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  /** The live on the air is served in low latency now. */
  liveIsLowLatency?: boolean;
}

/** « Latence faible » and what to set in the encoder for it. */
export const LowLatencyToggle = ({
  checked,
  onChange,
  disabled,
  liveIsLowLatency = false,
}: LowLatencyToggleProps) => (
  <Box>
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
        />
      }
      label="Latence faible"
    />
    <FormHelperText sx={{ mt: 0 }}>{broadcastMessages.lowLatencyHelp}</FormHelperText>
    {liveIsLowLatency && (
      <FormHelperText sx={{ mt: 0.5 }}>{broadcastMessages.lowLatencyLive}</FormHelperText>
    )}
  </Box>
);

interface LowLatencySwitchProps {
  directId: number;
  broadcast: DirectBroadcast;
  liveIsLowLatency: boolean;
}

/** /editDirect: « Latence faible », applied at once, taken by the encoder's next connection. */
export const LowLatencySwitch = ({
  directId,
  broadcast,
  liveIsLowLatency,
}: LowLatencySwitchProps) => {
  const notify = useNotify();
  const toggle = useSetLowLatency(directId);
  const checked = toggle.isPending
    ? (toggle.variables ?? broadcast.lowLatency)
    : broadcast.lowLatency;
  const change = (on: boolean) =>
    toggle.mutate(on, {
      onSuccess: () =>
        notify(on ? broadcastMessages.lowLatencyOn : broadcastMessages.lowLatencyOff, 'success'),
      onError: () => notify(broadcastMessages.lowLatencyFailed, 'error'),
    });
  return (
    <LowLatencyToggle
      checked={checked}
      onChange={change}
      disabled={toggle.isPending}
      liveIsLowLatency={liveIsLowLatency}
    />
  );
};

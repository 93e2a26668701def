import type { DirectBroadcast } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { useSetLowLatency } from '../../../resources/live.ts';
import { broadcastMessages } from '../broadcast-messages.ts';
import { SettingSwitch } from './setting-switch.tsx';

interface LowLatencyToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  /** The live on the air is served in low latency now. */
  liveIsLowLatency?: boolean;
}

/** « Latence faible » and what to set in the encoder for it. */
export const LowLatencyToggle = ({ liveIsLowLatency = false, ...props }: LowLatencyToggleProps) => (
  <SettingSwitch
    label="Latence faible"
    helper={broadcastMessages.lowLatencyHelp}
    note={liveIsLowLatency && broadcastMessages.lowLatencyLive}
    {...props}
  />
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

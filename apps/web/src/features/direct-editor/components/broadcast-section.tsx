import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { errorStatus } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { isOnAir, useBroadcast, useLiveStatus, useSetBroadcast } from '../../../resources/live.ts';
import { broadcastMessages } from '../broadcast-messages.ts';
import { LiveControl } from './live-control.tsx';
import { LowLatencySwitch, LowLatencyToggle } from './low-latency-switch.tsx';
import { SettingSwitch, type SettingSwitchProps } from './setting-switch.tsx';
import { StreamSettings } from './stream-settings.tsx';

const Frame = ({ children }: { children: ReactNode }) => (
  <Box
    component="section"
    aria-labelledby="broadcast-title"
    sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, sm: 2.5 } }}
  >
    <Typography id="broadcast-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
      Diffusion sur Plateau
    </Typography>
    <Box sx={{ display: 'grid', gap: 2 }}>{children}</Box>
  </Box>
);

type BroadcastSwitchProps = Omit<SettingSwitchProps, 'label' | 'note'>;

const BroadcastSwitch = (props: BroadcastSwitchProps) => (
  <SettingSwitch label="Diffuser sur Plateau" {...props} />
);

interface NewBroadcastSectionProps extends Omit<BroadcastSwitchProps, 'helper'> {
  lowLatency: boolean;
  onLowLatency: (checked: boolean) => void;
}

/** /addDirect: the switches are part of the form; broadcasting starts once the direct exists. */
export const NewBroadcastSection = ({
  checked,
  onChange,
  disabled,
  lowLatency,
  onLowLatency,
}: NewBroadcastSectionProps) => (
  <Frame>
    <BroadcastSwitch
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      helper={
        checked
          ? 'Le serveur et la clé de stream pour OBS seront affichés une fois le DT créé.'
          : "Recevez le flux d'OBS et diffusez-le sur la page du DT, sans autre plateforme."
      }
    />
    {checked && (
      <LowLatencyToggle checked={lowLatency} onChange={onLowLatency} disabled={disabled} />
    )}
  </Frame>
);

interface BroadcastPanelProps {
  directId: number;
  /** The direct's live link as the server holds it after a change (the form shows it). */
  onLiveUrl: (liveUrl: string) => void;
}

/** /editDirect: the switch applies at once; when on, OBS's settings and the live's state. */
export const BroadcastPanel = ({ directId, onLiveUrl }: BroadcastPanelProps) => {
  const notify = useNotify();
  const broadcast = useBroadcast(directId);
  const enabled = broadcast.data?.enabled === true;
  const status = useLiveStatus(enabled ? directId : null);
  const toggle = useSetBroadcast(directId);
  const onAir = isOnAir(status.data?.state);
  const checked = toggle.isPending ? (toggle.variables ?? enabled) : enabled;

  const change = (on: boolean) =>
    toggle.mutate(on, {
      onSuccess: ({ liveUrl }) => {
        if (liveUrl !== null) onLiveUrl(liveUrl);
        notify(on ? broadcastMessages.enabled : broadcastMessages.disabled, 'success');
      },
      // The server says in French why it refuses (a live on the air cannot lose its key).
      onError: (error) =>
        notify(
          errorStatus(error) === 409 ? error.message : broadcastMessages.toggleFailed,
          'error',
        ),
    });

  let helper = "Recevez le flux d'OBS et diffusez-le sur la page du DT, sans autre plateforme.";
  if (enabled) helper = 'Le lien du live est la page du DT sur Plateau.';
  if (onAir) helper = 'Terminez le direct avant de couper la diffusion.';

  return (
    <Frame>
      <BroadcastSwitch
        checked={checked}
        onChange={change}
        disabled={!broadcast.isSuccess || toggle.isPending || onAir}
        helper={helper}
      />
      {broadcast.isError && <Alert severity="error">{broadcastMessages.loadFailed}</Alert>}
      {enabled && broadcast.data && (
        <>
          <StreamSettings directId={directId} broadcast={broadcast.data} />
          <LowLatencySwitch
            directId={directId}
            broadcast={broadcast.data}
            liveIsLowLatency={onAir && status.data?.lowLatency === true}
          />
          <LiveControl directId={directId} status={status.data} />
        </>
      )}
    </Frame>
  );
};

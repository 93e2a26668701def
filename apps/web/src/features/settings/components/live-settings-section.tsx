import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LiveSettings } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { useLiveSettings, useSaveLiveSettings } from '../../../resources/live.ts';

const SWITCHES: { key: keyof LiveSettings; label: string }[] = [
  { key: 'liveSetsCurrent', label: 'Un direct qui commence devient le DT en cours' },
  { key: 'publishRediff', label: 'Encoder et publier la REDIFF dès la fin du direct' },
];

const messages = {
  saved: 'Modifications enregistrées',
  failed: "Une erreur s'est produite",
  loadFailed: 'Impossible de lire les réglages des directs sur Plateau',
} as const;

/**
 * /settings: what Plateau does by itself when a live broadcast on Plateau starts and ends.
 * Each switch is saved as soon as it changes (it is not part of Enregistrer).
 */
export const LiveSettingsSection = () => {
  const notify = useNotify();
  const settings = useLiveSettings();
  const save = useSaveLiveSettings();
  const shown = save.isPending ? save.variables : settings.data;

  const change = (key: keyof LiveSettings, on: boolean) => {
    if (!settings.data) return;
    save.mutate(
      { ...settings.data, [key]: on },
      {
        onSuccess: () => notify(messages.saved, 'success'),
        onError: () => notify(messages.failed, 'error'),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="live-settings-title" sx={{ mb: 4 }}>
      <Typography
        id="live-settings-title"
        component="h2"
        variant="h6"
        sx={{ fontWeight: 700, mb: 0.5 }}
      >
        Directs sur Plateau
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        Ces réglages s&apos;appliquent dès que vous les changez.
      </Typography>
      {settings.isError && <Alert severity="error">{messages.loadFailed}</Alert>}
      {!settings.isError && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {SWITCHES.map(({ key, label }) =>
            shown ? (
              <FormControlLabel
                key={key}
                control={
                  <Switch
                    checked={shown[key]}
                    onChange={(event) => change(key, event.target.checked)}
                    disabled={save.isPending}
                  />
                }
                label={label}
                sx={{ alignItems: 'flex-start', '& .MuiSwitch-root': { mt: -0.75 } }}
              />
            ) : (
              <Skeleton key={key} variant="rounded" height={38} sx={{ maxWidth: 480 }} />
            ),
          )}
        </Box>
      )}
    </Box>
  );
};

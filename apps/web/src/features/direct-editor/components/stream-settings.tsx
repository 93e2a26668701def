import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { DirectBroadcast } from '@plateau/contract';
import { LIVE_KEYFRAME_SECONDS } from '@plateau/contract/constants';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { useRegenerateKey } from '../../../resources/live.ts';
import { broadcastMessages } from '../broadcast-messages.ts';

/** What stands for the key while it is hidden: the key itself is not on the page then. */
const MASK = '•'.repeat(24);

/** Long addresses and keys wrap (a phone shows them whole) rather than scroll out of sight. */
const mono = {
  htmlInput: {
    sx: { fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all' },
    spellCheck: false,
  },
};

const useCopy = () => {
  const notify = useNotify();
  return (text: string, done: string) =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify(done, 'success'))
      .catch(() => notify(broadcastMessages.copyFailed, 'error'));
};

interface StreamSettingsProps {
  directId: number;
  broadcast: DirectBroadcast;
}

/** What OBS needs: the server and the secret key (hidden until asked), and how to use them. */
export const StreamSettings = ({ directId, broadcast }: StreamSettingsProps) => {
  const notify = useNotify();
  const copy = useCopy();
  const regenerate = useRegenerateKey(directId);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const key = broadcast.streamKey ?? '';

  const renew = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => notify(broadcastMessages.keyRegenerated, 'success'),
      onError: () => notify(broadcastMessages.regenerateFailed, 'error'),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        {broadcastMessages.help(broadcast.lowLatency ? 1 : LIVE_KEYFRAME_SECONDS)}
      </Typography>
      {broadcast.serverUrl === '' ? (
        <Alert severity="info">
          La réception des flux (RTMP) n&apos;est pas active sur ce serveur Plateau.
        </Alert>
      ) : (
        <TextField
          label="Serveur"
          value={broadcast.serverUrl}
          fullWidth
          multiline
          slotProps={{
            ...mono,
            input: {
              readOnly: true,
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    edge="end"
                    aria-label="Copier le serveur"
                    onClick={() => void copy(broadcast.serverUrl, broadcastMessages.serverCopied)}
                  >
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      <Box>
        <TextField
          label="Clé de stream"
          value={shown ? key : MASK}
          fullWidth
          multiline
          helperText="Secrète : qui la connaît peut diffuser sur ce DT."
          slotProps={{ ...mono, input: { readOnly: true } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
            onClick={() => setShown((on) => !on)}
            disabled={key === ''}
          >
            {shown ? 'Masquer' : 'Afficher'}
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy(key, broadcastMessages.keyCopied)}
            disabled={key === ''}
          >
            Copier
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="warning"
            startIcon={<AutorenewIcon />}
            onClick={() => setConfirming(true)}
          >
            Régénérer
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={confirming}
        question="Régénérer la clé de stream ? L'ancienne clé ne fonctionnera plus : il faudra coller la nouvelle dans l'encodeur (OBS) avant de diffuser."
        confirmLabel="Régénérer"
        busy={regenerate.isPending}
        onConfirm={renew}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};

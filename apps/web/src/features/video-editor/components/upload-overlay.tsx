import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { transferLine } from '../../../lib/transfer-format.ts';
import type { OverlayState } from './use-upload-session.ts';

export const UPLOADING = 'Upload en cours, veuillez ne pas quitter cette page...';
export const ALMOST_DONE = "C'est presque fini...";
export const CONNECTION_LOST = 'Connexion perdue : l’envoi reprendra dès le retour du réseau';

/**
 * Covers the form while it saves and uploads (spec section 2): a spinner while saving, then the
 * upload's progress 0-100; at 100 the server still checks the file, hence 'presque fini'.
 */
export const UploadOverlay = ({ state }: { state: OverlayState }) => {
  const percent = state.open ? state.percent : null;
  const offline = state.open && state.offline === true;
  const line = state.open ? transferLine(state.speed ?? null, state.secondsLeft ?? null) : null;
  return (
    <Backdrop open={state.open} sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1, px: 2 })}>
      <Paper
        role="status"
        elevation={8}
        sx={{
          width: 'min(440px, 100%)',
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 2,
          textAlign: 'center',
        }}
      >
        {percent === null ? (
          <>
            <CircularProgress aria-label="Enregistrement en cours" />
            <Typography>Enregistrement en cours...</Typography>
          </>
        ) : (
          <>
            <Typography>{percent < 100 ? UPLOADING : ALMOST_DONE}</Typography>
            <Box sx={{ width: '100%', display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <LinearProgress
                variant={percent < 100 ? 'determinate' : 'indeterminate'}
                value={percent}
                aria-label="Progression de l'upload"
                sx={{ flex: 1, height: 8, borderRadius: 4 }}
              />
              <Typography variant="body2" sx={{ minWidth: '3.5em', textAlign: 'right' }}>
                {percent} %
              </Typography>
            </Box>
            {/* Always there (empty until measured), so the box keeps its height. */}
            {offline ? (
              <Typography
                variant="body2"
                role="alert"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, textAlign: 'left' }}
              >
                <WifiOffIcon color="warning" fontSize="small" />
                {CONNECTION_LOST}
              </Typography>
            ) : (
              <Typography variant="body2" color="textSecondary" sx={{ minHeight: '1.43em' }}>
                {percent < 100 ? line : null}
              </Typography>
            )}
          </>
        )}
      </Paper>
    </Backdrop>
  );
};

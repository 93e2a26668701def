import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Blocker } from 'react-router';

export const LEAVE_DURING_UPLOAD =
  'Un upload est en cours. Si vous quittez cette page, il sera interrompu.';

/** Asks before leaving the page while an upload runs; leaving stops it. */
export const LeaveDialog = ({
  blocker,
  message = LEAVE_DURING_UPLOAD,
}: {
  blocker: Blocker;
  message?: string;
}) => (
  <Dialog
    open={blocker.state === 'blocked'}
    onClose={() => blocker.reset?.()}
    aria-labelledby="leave-upload-title"
  >
    <DialogTitle id="leave-upload-title">Quitter la page ?</DialogTitle>
    <DialogContent>
      <DialogContentText>{message}</DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={() => blocker.proceed?.()} color="error">
        Quitter
      </Button>
      <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
        Rester
      </Button>
    </DialogActions>
  </Dialog>
);

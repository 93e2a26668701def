import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Blocker } from 'react-router';

/** Asks before leaving the page while an upload runs; leaving stops it. */
export const LeaveDialog = ({ blocker }: { blocker: Blocker }) => (
  <Dialog
    open={blocker.state === 'blocked'}
    onClose={() => blocker.reset?.()}
    aria-labelledby="leave-upload-title"
  >
    <DialogTitle id="leave-upload-title">Quitter la page ?</DialogTitle>
    <DialogContent>
      <DialogContentText>
        Un upload est en cours. Si vous quittez cette page, il sera interrompu.
      </DialogContentText>
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

import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { pendingMessages } from '../pending-messages.ts';

interface DeleteVideoDialogProps {
  open: boolean;
  title: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The spec's confirm popup; the video's title under the question says which one goes. */
export const DeleteVideoDialog = ({
  open,
  title,
  deleting,
  onCancel,
  onConfirm,
}: DeleteVideoDialogProps) => {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={deleting ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{pendingMessages.confirmDelete}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          « {title} » et ses fichiers seront supprimés définitivement.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting} autoFocus>
          Annuler
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={deleting}>
          Supprimer
        </Button>
      </DialogActions>
    </Dialog>
  );
};

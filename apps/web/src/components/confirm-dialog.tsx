import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, as the spec words it ('Etes-vous sûr de vouloir supprimer ... ?'). */
  question: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a deletion; Annuler (or Escape) closes, the red button confirms. */
export const ConfirmDialog = ({
  open,
  question,
  confirmLabel = 'Supprimer',
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) => (
  <Dialog open={open} onClose={busy ? undefined : onClose} aria-describedby="confirm-question">
    <DialogContent>
      <DialogContentText id="confirm-question" sx={{ color: 'text.primary' }}>
        {question}
      </DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose} disabled={busy}>
        Annuler
      </Button>
      <Button color="error" variant="contained" onClick={onConfirm} loading={busy}>
        {confirmLabel}
      </Button>
    </DialogActions>
  </Dialog>
);

import { useId } from 'react';
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
}: ConfirmDialogProps) => {
  const questionId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={questionId}>
      <DialogContent>
        <DialogContentText id={questionId} sx={{ color: 'text.primary' }}>
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
};

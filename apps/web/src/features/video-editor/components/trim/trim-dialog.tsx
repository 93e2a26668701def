import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface TrimDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Worded for what stays as it is (« Annuler » beside « Annuler le montage » would confuse). */
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a cut is applied or undone: both change what every viewer sees. */
export const TrimDialog = ({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onClose,
}: TrimDialogProps) => {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>{children}</DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="button" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button type="button" variant="contained" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

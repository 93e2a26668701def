import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDeleteDirect } from '../api/direct-mutations.ts';
import { directMessages } from '../direct-messages.ts';

/** Supprimer, asked twice: the direct, its poster and its links to videos go for good. */
export const DeleteDirectButton = ({ id, disabled }: { id: number; disabled: boolean }) => {
  const [confirming, setConfirming] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const deletion = useDeleteDirect();

  const remove = () =>
    deletion.mutate(
      {
        id,
        leave: async () => {
          await navigate(paths.directs(), { replace: true });
        },
      },
      {
        onSuccess: () => notify(directMessages.deleted, 'success'),
        onError: () => {
          setConfirming(false);
          notify(directMessages.deleteFailed, 'error');
        },
      },
    );

  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteIcon />}
        onClick={() => setConfirming(true)}
        disabled={disabled || deletion.isPending}
      >
        Supprimer
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="delete-direct-title"
      >
        <DialogTitle id="delete-direct-title">
          Etes-vous sûr de vouloir supprimer ce DT ?
        </DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            Annuler
          </Button>
          <Button color="error" onClick={remove} disabled={deletion.isPending}>
            Supprimer
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

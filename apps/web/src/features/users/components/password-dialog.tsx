import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { User } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { isValidPassword, passwordProblem, PASSWORD_MIN } from '../account-rules.ts';
import { useUpdateUser } from '../api/users-api.ts';
import { failureMessage, userMessages } from '../messages.ts';

interface PasswordDialogProps {
  user: User;
  open: boolean;
  onClose: () => void;
}

/** A new password for someone who lost theirs; their open sessions end with it. */
export const PasswordDialog = ({ user, open, onClose }: PasswordDialogProps) => {
  const update = useUpdateUser();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const problem = passwordProblem(password);
  const titleId = `password-title-${user.id}`;

  const close = () => {
    setPassword('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPassword(password) || update.isPending) return;
    update.mutate(
      { id: user.id, body: { password } },
      {
        onSuccess: () => {
          notify(userMessages.passwordChanged, 'success');
          close();
        },
        onError: (error) => notify(failureMessage(error, userMessages.updateFailed), 'error'),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={update.isPending ? undefined : close}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Changer le mot de passe</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Nouveau mot de passe de « {user.username} ». Ses sessions ouvertes seront fermées.
          </DialogContentText>
          <TextField
            label="Nouveau mot de passe"
            name="new-password"
            type="password"
            autoComplete="new-password"
            required
            fullWidth
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problem !== null}
            helperText={problem ?? `${PASSWORD_MIN} caractères au moins`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={update.isPending}>
            Annuler
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isValidPassword(password)}
            loading={update.isPending}
          >
            Valider
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

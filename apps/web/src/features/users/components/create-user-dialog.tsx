import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { roles } from '@plateau/contract/constants';
import type { Role } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import {
  isValidPassword,
  isValidUsername,
  passwordProblem,
  PASSWORD_MIN,
  usernameProblem,
} from '../account-rules.ts';
import { useCreateUser } from '../api/users-api.ts';
import { failureMessage, roleLabels, userMessages } from '../messages.ts';
import { fieldLimits } from '@plateau/contract/constants';

interface CreateUserDialogProps {
  open: boolean;
  onClose: () => void;
}

const blank = { username: '', password: '', role: 'user' as Role, gdaAccess: false };

/** A new account: username, password, role and GDA access; Créer once both are valid. */
export const CreateUserDialog = ({ open, onClose }: CreateUserDialogProps) => {
  const create = useCreateUser();
  const notify = useNotify();
  const [form, setForm] = useState(blank);
  const valid = isValidUsername(form.username) && isValidPassword(form.password);
  const usernameError = usernameProblem(form.username);
  const passwordError = passwordProblem(form.password);

  const close = () => {
    setForm(blank);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || create.isPending) return;
    create.mutate(
      {
        username: form.username,
        password: form.password,
        role: form.role,
        gda_access: form.gdaAccess,
      },
      {
        onSuccess: () => {
          notify(userMessages.created, 'success');
          close();
        },
        onError: (error) => notify(failureMessage(error, userMessages.createFailed), 'error'),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="create-user-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="create-user-title">Créer un compte</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Identifiant"
              name="username"
              autoComplete="off"
              required
              value={form.username}
              onChange={(event) => setForm({ ...form, username: event.target.value })}
              error={usernameError !== null}
              helperText={usernameError ?? ' '}
              slotProps={{ htmlInput: { maxLength: fieldLimits.username } }}
            />
            <TextField
              label="Mot de passe"
              name="new-password"
              type="password"
              autoComplete="new-password"
              required
              value={form.password}
              onChange={(event) => setForm({ ...form, password: event.target.value })}
              error={passwordError !== null}
              helperText={passwordError ?? `${PASSWORD_MIN} caractères au moins`}
            />
            <TextField
              select
              label="Rôle"
              value={form.role}
              onChange={(event) => setForm({ ...form, role: event.target.value as Role })}
            >
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabels[role]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.gdaAccess}
                  onChange={(event) => setForm({ ...form, gdaAccess: event.target.checked })}
                />
              }
              label="Accès GDA"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" disabled={!valid} loading={create.isPending}>
            Créer
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

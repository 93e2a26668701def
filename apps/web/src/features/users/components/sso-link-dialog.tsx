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
import { useLinkIdentity } from '../api/users-api.ts';
import { failureMessage, userMessages } from '../messages.ts';
import { fieldLimits } from '@plateau/contract/constants';

interface SsoLinkDialogProps {
  user: User;
  open: boolean;
  onClose: () => void;
}

const SUBJECT_MAX = fieldLimits.ssoSubject;

/**
 * Ties an existing account to a school account, by the person's identifier (`sub`) at the
 * provider: they then sign in either way, as this account.
 */
export const SsoLinkDialog = ({ user, open, onClose }: SsoLinkDialogProps) => {
  const link = useLinkIdentity();
  const notify = useNotify();
  const [subject, setSubject] = useState('');
  const trimmed = subject.trim();
  const valid = trimmed !== '' && trimmed.length <= SUBJECT_MAX;
  const titleId = `sso-link-title-${user.id}`;

  const close = () => {
    setSubject('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || link.isPending) return;
    link.mutate(
      { id: user.id, subject: trimmed },
      {
        onSuccess: () => {
          notify(userMessages.linked, 'success');
          close();
        },
        onError: (error) => notify(failureMessage(error, userMessages.linkFailed), 'error'),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={link.isPending ? undefined : close}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Lier au compte de l&apos;école</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            « {user.username} » pourra aussi se connecter avec son compte de l&apos;école.
          </DialogContentText>
          <TextField
            label="Identifiant chez le fournisseur (sub)"
            name="sso-subject"
            autoComplete="off"
            required
            fullWidth
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            error={trimmed.length > SUBJECT_MAX}
            helperText={
              trimmed.length > SUBJECT_MAX
                ? `${SUBJECT_MAX} caractères au plus`
                : "Visible dans la console du fournisseur d'identité"
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={link.isPending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" disabled={!valid} loading={link.isPending}>
            Lier
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

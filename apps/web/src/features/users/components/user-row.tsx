import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import { roles } from '@plateau/contract/constants';
import type { Role, UpdateUserBody, User } from '@plateau/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../resources/site.ts';
import { useDeleteUser, useUpdateUser } from '../api/users-api.ts';
import { failureMessage, roleLabels, userMessages } from '../messages.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { SsoActions } from './sso-actions.tsx';

const lastLogin = (user: User) =>
  user.lastLoginAt ? `Dernière connexion le ${formatDate(user.lastLoginAt)}` : 'Jamais connecté';

/** One account: its role and GDA access change in place; password and deletion by dialog. */
export const UserRow = ({ user }: { user: User }) => {
  const { userId } = useSession();
  const site = useSiteSettings();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const notify = useNotify();
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);

  const change = (body: UpdateUserBody) =>
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => notify(userMessages.updated, 'success'),
        onError: (error) => notify(failureMessage(error, userMessages.updateFailed), 'error'),
      },
    );

  const confirmDelete = () =>
    remove.mutate(user.id, {
      onSuccess: () => notify(userMessages.deleted, 'success'),
      onError: (error) => {
        setDialog(null);
        notify(failureMessage(error, userMessages.deleteFailed), 'error');
      },
    });

  return (
    <Box
      component="li"
      aria-label={user.username}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 2,
        p: { xs: 1.5, sm: 2 },
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {user.username}
          </Typography>
          {user.id === userId && <Chip size="small" label="Vous" color="primary" />}
          {user.sso && <Chip size="small" label="Compte de l'école" variant="outlined" />}
          {!user.hasPassword && <Chip size="small" label="Sans mot de passe" variant="outlined" />}
        </Box>
        <Typography variant="body2" color="textSecondary">
          Créé le {formatDate(user.createdAt)} · {lastLogin(user)}
        </Typography>
        {user.ssoSubject !== null && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            Compte de l&apos;école : {user.ssoSubject}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          order: { xs: 2, sm: 1 },
        }}
      >
        <TextField
          select
          size="small"
          label="Rôle"
          value={user.role}
          onChange={(event) => change({ role: event.target.value as Role })}
          sx={{ width: 150 }}
        >
          {roles.map((role) => (
            <MenuItem key={role} value={role}>
              {roleLabels[role]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={user.gdaAccess}
              onChange={(event) => change({ gda_access: event.target.checked })}
            />
          }
          label="Accès GDA"
          sx={{ mr: 0 }}
        />
      </Box>
      {/* On a phone the buttons stay beside the name, the controls go under it. */}
      <Box
        sx={{
          display: 'flex',
          order: { xs: 1, sm: 2 },
          alignSelf: { xs: 'flex-start', sm: 'center' },
        }}
      >
        {site.sso && <SsoActions user={user} />}
        <Tooltip title="Changer le mot de passe">
          <IconButton
            aria-label={`Changer le mot de passe de ${user.username}`}
            onClick={() => setDialog('password')}
          >
            <LockResetIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Supprimer le compte">
          <IconButton
            aria-label={`Supprimer ${user.username}`}
            color="error"
            onClick={() => setDialog('delete')}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <PasswordDialog user={user} open={dialog === 'password'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'delete'}
        question={userMessages.confirmDelete(user.username)}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
};

import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import type { User } from '@plateau/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { useUnlinkIdentity } from '../api/users-api.ts';
import { failureMessage, userMessages } from '../messages.ts';
import { SsoLinkDialog } from './sso-link-dialog.tsx';

/**
 * Link or unlink the account's school account (shown when the site offers single sign-on).
 * An account without password keeps its link: it would have no way left to sign in.
 */
export const SsoActions = ({ user }: { user: User }) => {
  const unlink = useUnlinkIdentity();
  const notify = useNotify();
  const [dialog, setDialog] = useState<'link' | 'unlink' | null>(null);

  const confirmUnlink = () =>
    unlink.mutate(user.id, {
      onSuccess: () => {
        setDialog(null);
        notify(userMessages.unlinked, 'success');
      },
      onError: (error) => {
        setDialog(null);
        notify(failureMessage(error, userMessages.unlinkFailed), 'error');
      },
    });

  if (!user.sso) {
    return (
      <>
        <Tooltip title="Lier au compte de l'école">
          <IconButton
            aria-label={`Lier ${user.username} au compte de l'école`}
            onClick={() => setDialog('link')}
          >
            <LinkIcon />
          </IconButton>
        </Tooltip>
        <SsoLinkDialog user={user} open={dialog === 'link'} onClose={() => setDialog(null)} />
      </>
    );
  }
  return (
    <>
      <Tooltip
        title={
          user.hasPassword
            ? "Retirer le compte de l'école"
            : "Sans mot de passe, le compte de l'école est sa seule connexion"
        }
      >
        {/* A disabled button gets no pointer events: the span keeps the tooltip. */}
        <span>
          <IconButton
            aria-label={`Retirer le compte de l'école de ${user.username}`}
            disabled={!user.hasPassword}
            onClick={() => setDialog('unlink')}
          >
            <LinkOffIcon />
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={dialog === 'unlink'}
        question={userMessages.confirmUnlink(user.username)}
        confirmLabel="Retirer"
        busy={unlink.isPending}
        onConfirm={confirmUnlink}
        onClose={() => setDialog(null)}
      />
    </>
  );
};

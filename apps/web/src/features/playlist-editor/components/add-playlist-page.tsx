import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { PlaylistBody } from '@plateau/contract';
import { Page } from '../../../components/page.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { isMember } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreatePlaylist } from '../api/playlist-editor-api.ts';
import { editorMessages } from '../messages.ts';
import { emptyDraft, PlaylistForm } from './playlist-form.tsx';

/** Spec section 2, /addPlaylist: a new playlist, then its page. */
export const AddPlaylistPage = () => {
  const { role } = useSession();
  const create = useCreatePlaylist();
  const notify = useNotify();
  const navigate = useNavigate();

  const submit = (body: PlaylistBody) =>
    create.mutate(body, {
      onSuccess: (playlist) => {
        notify(editorMessages.created, 'success');
        void navigate(paths.playlist(playlist.code));
      },
      onError: () => notify(editorMessages.createFailed, 'error'),
    });

  return (
    <Page title="Créer une playlist">
      <Paper variant="outlined" sx={{ maxWidth: 760, p: { xs: 2, sm: 3 } }}>
        {isMember(role) ? (
          <PlaylistForm
            initial={emptyDraft}
            busy={create.isPending}
            onSubmit={submit}
            actions={
              <Button component={RouterLink} to={paths.playlists()}>
                Annuler
              </Button>
            }
          />
        ) : (
          // The server lets only members create one (server-rules.md): no form bound to fail.
          <Alert severity="info">{editorMessages.membersOnly}</Alert>
        )}
      </Paper>
    </Page>
  );
};

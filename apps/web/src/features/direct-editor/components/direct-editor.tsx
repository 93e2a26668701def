import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Direct } from '@plateau/contract';
import { Page } from '../../../components/page.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useBroadcast } from '../../../resources/live.ts';
import { useSaveDirect } from '../api/direct-mutations.ts';
import { broadcastMessages } from '../broadcast-messages.ts';
import { directBody, initialValues, isLiveUrlValid } from '../direct-form-values.ts';
import { directMessages } from '../direct-messages.ts';
import { BroadcastPanel, NewBroadcastSection } from './broadcast-section.tsx';
import { ChatAdminSection, NewChatSection } from './chat-section.tsx';
import { DeleteDirectButton } from './delete-direct-button.tsx';
import { DirectFields } from './direct-fields.tsx';
import { PosterField } from './poster-field.tsx';

/**
 * /addDirect (no `direct`) and /editDirect/{id}: the direct's fields and poster. Valider saves
 * the direct, then uploads the chosen poster, then opens the direct's page.
 */
export const DirectEditor = ({ direct }: { direct?: Direct }) => {
  const { gdaAccess } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const save = useSaveDirect();
  const [values, setValues] = useState(() => initialValues(direct));
  const [poster, setPoster] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // "Diffuser sur Plateau": the new direct's choice, or what the server says of this one.
  const [broadcastNew, setBroadcastNew] = useState(false);
  const [lowLatencyNew, setLowLatencyNew] = useState(false);
  const broadcast = useBroadcast(direct?.id ?? null);
  const broadcasting = direct ? broadcast.data?.enabled === true : broadcastNew;
  const busy = save.isPending;
  const ready = values.title.trim() !== '' && (broadcasting || isLiveUrlValid(values.liveUrl));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    save.mutate(
      {
        body: directBody(values, { gdaAccess, original: direct, broadcasting }),
        id: direct?.id,
        poster,
        broadcast: !direct && broadcastNew,
        lowLatency: lowLatencyNew,
        onSaved: () => {
          notify(direct ? directMessages.updated : directMessages.created, 'success');
          if (poster) setProgress(0);
        },
        onPosterProgress: setProgress,
      },
      {
        onSuccess: ({ direct: saved, posterUploaded, broadcastEnabled }) => {
          if (posterUploaded === true) notify(directMessages.posterUploaded, 'success');
          if (posterUploaded === false) notify(directMessages.posterFailed, 'error');
          if (broadcastEnabled === true) notify(broadcastMessages.enabled, 'success');
          if (broadcastEnabled === false) notify(broadcastMessages.enableFailed, 'error');
          // A direct broadcast on Plateau opens where its stream key is (or where to retry).
          void navigate(
            broadcastEnabled === null ? paths.direct(saved.id) : paths.editDirect(saved.id),
          );
        },
        onError: () =>
          notify(direct ? directMessages.updateFailed : directMessages.createFailed, 'error'),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Page
      title={direct ? 'Modifier le DT' : 'Ajouter un DT'}
      actions={
        direct && (
          <Button component={RouterLink} to={paths.directStatistics(direct.id)} variant="outlined">
            Statistiques
          </Button>
        )
      }
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 4 },
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <DirectFields
            values={values}
            onChange={(change) => setValues((current) => ({ ...current, ...change }))}
            gdaAccess={gdaAccess}
            disabled={busy}
            broadcastUrl={broadcasting ? (direct?.liveUrl ?? '') : null}
          />
          <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
            <PosterField
              direct={direct}
              file={poster}
              onFile={setPoster}
              progress={progress}
              disabled={busy}
            />
            {direct ? (
              <BroadcastPanel
                directId={direct.id}
                onLiveUrl={(liveUrl) => setValues((current) => ({ ...current, liveUrl }))}
              />
            ) : (
              <NewBroadcastSection
                checked={broadcastNew}
                onChange={setBroadcastNew}
                disabled={busy}
                lowLatency={lowLatencyNew}
                onLowLatency={setLowLatencyNew}
              />
            )}
            {direct ? (
              <ChatAdminSection
                directId={direct.id}
                enabled={values.chat}
                onEnabled={(chat) => setValues((current) => ({ ...current, chat }))}
              />
            ) : (
              <NewChatSection
                checked={values.chat}
                onChange={(chat) => setValues((current) => ({ ...current, chat }))}
                disabled={busy}
              />
            )}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
          <Button type="submit" variant="contained" disabled={!ready || busy}>
            {poster ? 'Valider & uploader' : 'Valider'}
          </Button>
          {direct && <DeleteDirectButton id={direct.id} disabled={busy} />}
        </Box>
      </Box>
    </Page>
  );
};

import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { LIST_ERROR } from '../../../components/list-state.tsx';
import { Page } from '../../../components/page.tsx';
import { Pager, pageCountOf } from '../../../components/pager.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { useEncodeVideos } from '../api/pending-mutations.ts';
import { PENDING_PAGE_SIZE, usePendingPage } from '../api/pending-queries.ts';
import { pendingMessages } from '../pending-messages.ts';
import { PendingCard } from './pending-card.tsx';

interface PendingListProps {
  page: number;
  onPageChange: (page: number) => void;
}

const waiting = (videos: readonly Video[]) =>
  videos.filter((video) => video.processing === Processing.Uploaded);

/** Spec section 2, /pending: the videos not yet published, newest first. */
export const PendingList = ({ page, onPageChange }: PendingListProps) => {
  const pending = usePendingPage(page);
  const videos = pending.data?.videos ?? [];
  const pageCount = pageCountOf(pending.data?.nResults ?? 0, PENDING_PAGE_SIZE);
  const pager = pageCount > 1 && (
    <Pager page={page} pageCount={pageCount} onPageChange={onPageChange} />
  );
  return (
    <Page title="Vidéos en attente" actions={<EncodeAllButton videos={videos} />}>
      {pager}
      <PendingState
        status={pending.status}
        isEmpty={videos.length === 0}
        onRetry={() => void pending.refetch()}
      >
        <Stack component="section" aria-label="Vidéos en attente" spacing={2}>
          {videos.map((video) => (
            <PendingCard key={video.id} video={video} />
          ))}
        </Stack>
      </PendingState>
      {pager}
    </Page>
  );
};

/** 'Tout encoder et publier': only when more than one video waits at processing 1. */
const EncodeAllButton = ({ videos }: { videos: readonly Video[] }) => {
  const notify = useNotify();
  const encode = useEncodeVideos();
  const ids = waiting(videos).map((video) => video.id);
  if (ids.length <= 1) return null;
  return (
    <Button
      variant="contained"
      startIcon={<DoneAllIcon />}
      loading={encode.isPending}
      onClick={() =>
        encode.mutate(ids, { onError: () => notify(pendingMessages.encodeFailed, 'error') })
      }
    >
      Tout encoder et publier
    </Button>
  );
};

interface PendingStateProps {
  status: 'pending' | 'error' | 'success';
  isEmpty: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** Loading, error, empty or the cards (the shared ListState draws a grid's skeleton). */
const PendingState = ({ status, isEmpty, onRetry, children }: PendingStateProps) => {
  if (status === 'pending') {
    return (
      <Stack role="status" aria-label="Chargement" spacing={2}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={220} />
        ))}
      </Stack>
    );
  }
  if (status === 'error') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Réessayer
          </Button>
        }
      >
        {LIST_ERROR}
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>Aucune vidéo en attente.</Typography>
        <Typography color="text.secondary">
          Toutes les vidéos envoyées sont encodées et publiées.
        </Typography>
        <Button component={RouterLink} to={paths.addVideo()} sx={{ mt: 2 }}>
          Ajouter une vidéo
        </Button>
      </Box>
    );
  }
  return children;
};

import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { ListState } from '../../../components/list-state.tsx';
import { Page } from '../../../components/page.tsx';
import { Pager, pageCountOf } from '../../../components/pager.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { useEncodeVideos } from '../api/pending-mutations.ts';
import { PENDING_PAGE_SIZE, usePendingPage } from '../../../resources/videos.ts';
import { pendingMessages } from '../pending-messages.ts';
import { CutsSection } from './cuts-section.tsx';
import { PendingCard } from './pending-card.tsx';

interface PendingListProps {
  page: number;
  onPageChange: (page: number) => void;
}

const EMPTY_TEXT = 'Aucune vidéo en attente : tout ce qui a été envoyé est encodé et publié.';

const waiting = (videos: readonly Video[]) =>
  videos.filter((video) => video.processing === Processing.Uploaded);

/**
 * Spec section 2, /pending: the videos not yet published, newest first; above them, while there
 * are any, the cuts on their way or failed this week (issue 34), short-lived and easy to miss
 * under a long list.
 */
export const PendingList = ({ page, onPageChange }: PendingListProps) => {
  const pending = usePendingPage(page);
  const videos = pending.data?.videos ?? [];
  const pageCount = pageCountOf(pending.data?.nResults ?? 0, PENDING_PAGE_SIZE);
  const beyondLast = pending.isSuccess && !pending.isPlaceholderData && page > pageCount;
  // Deleting or publishing the last videos of the last page: show the page that remains.
  useEffect(() => {
    if (beyondLast) onPageChange(pageCount);
  }, [beyondLast, pageCount, onPageChange]);
  const pager = pageCount > 1 && (
    <Pager page={page} pageCount={pageCount} onPageChange={onPageChange} />
  );
  return (
    <Page title="Vidéos en attente" actions={<EncodeAllButton videos={videos} />}>
      <CutsSection />
      {pager}
      {pending.isPending ? (
        <PendingSkeleton />
      ) : (
        <ListState
          status={pending.status}
          isEmpty={videos.length === 0}
          emptyText={EMPTY_TEXT}
          onRetry={() => void pending.refetch()}
        >
          <Stack component="section" aria-label="Vidéos en attente" spacing={2}>
            {videos.map((video) => (
              <PendingCard key={video.id} video={video} />
            ))}
          </Stack>
        </ListState>
      )}
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

/** The cards' shape while the first answer comes (the shared skeleton is a grid of thumbnails). */
const PendingSkeleton = () => (
  <Stack role="status" aria-label="Chargement" spacing={2}>
    {[0, 1, 2].map((key) => (
      <Skeleton key={key} variant="rounded" height={220} />
    ))}
  </Stack>
);

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { Page } from '../../../components/page.tsx';
import { CardGrid } from '../../../components/card-grid.tsx';
import { DirectCard } from '../../../components/direct-card.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { Pager, pageCountOf } from '../../../components/pager.tsx';
import { DIRECTS_PAGE_SIZE, latestDirectsQuery } from '../../../resources/directs.ts';
import { useViewer } from '../../../resources/viewer.ts';

interface DirectsListProps {
  title: string;
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * 'Tous nos DT': 32 posters per page, newest first; the pager beside the title, and again
 * under the grid when there is more than one page.
 */
export const DirectsList = ({ title, page, onPageChange }: DirectsListProps) => {
  // The page on screen stays while the next one loads: the grid does not collapse in between.
  const directs = useQuery({
    ...latestDirectsQuery(useViewer(), page, DIRECTS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const list = directs.data?.directs ?? [];
  const pageCount = pageCountOf(directs.data?.nResults ?? 0, DIRECTS_PAGE_SIZE);
  const pager = directs.data && (
    <Pager page={page} pageCount={pageCount} onPageChange={onPageChange} />
  );
  return (
    // The title row keeps the pager's height while loading: the grid does not move down after.
    <Page title={title} actions={<Box sx={{ minHeight: 72 }}>{pager}</Box>}>
      <Box sx={{ opacity: directs.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <ListState
          status={directs.status}
          isEmpty={list.length === 0}
          emptyText="Aucun DT pour l'instant."
          onRetry={() => void directs.refetch()}
          loadingCount={12}
          minWidth={260}
        >
          <CardGrid minWidth={260}>
            {list.map((direct, index) => (
              <DirectCard key={direct.id} direct={direct} eager={index < 4} />
            ))}
          </CardGrid>
        </ListState>
        {pageCount > 1 && pager}
      </Box>
    </Page>
  );
};

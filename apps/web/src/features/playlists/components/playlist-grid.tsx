import type { UseQueryResult } from '@tanstack/react-query';
import type { Playlist } from '@plateau/contract';
import { CardGrid } from '../../../components/card-grid.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { PlaylistCard } from './playlist-card.tsx';

interface PlaylistGridProps {
  query: UseQueryResult<Playlist[]>;
  emptyText: string;
}

/** A list of playlists as cards, with its loading, error and empty states. */
export const PlaylistGrid = ({ query, emptyText }: PlaylistGridProps) => (
  <ListState
    status={query.status}
    isEmpty={query.data?.length === 0}
    emptyText={emptyText}
    onRetry={() => void query.refetch()}
    loadingCount={8}
  >
    <CardGrid>
      {query.data?.map((playlist) => (
        <PlaylistCard key={playlist.code} playlist={playlist} />
      ))}
    </CardGrid>
  </ListState>
);

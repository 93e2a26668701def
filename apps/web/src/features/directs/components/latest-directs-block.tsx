import { CardGrid } from '../../../components/card-grid.tsx';
import { DirectCard } from '../../../components/direct-card.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { useLatestDirects } from '../../../resources/directs.ts';

/** Spec section 9: the home page shows the 6 latest directs. */
export const HOME_LATEST_DIRECTS = 6;

/** 'Nos derniers DT': the 6 newest directs as posters. */
export const LatestDirectsBlock = () => {
  const directs = useLatestDirects(HOME_LATEST_DIRECTS);
  const list = directs.data?.directs ?? [];
  return (
    <ListState
      status={directs.status}
      isEmpty={list.length === 0}
      emptyText="Aucun DT pour l'instant."
      onRetry={() => void directs.refetch()}
      loadingCount={HOME_LATEST_DIRECTS}
    >
      <CardGrid>
        {list.map((direct) => (
          <DirectCard key={direct.id} direct={direct} />
        ))}
      </CardGrid>
    </ListState>
  );
};

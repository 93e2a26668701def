import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { searchTerm } from '../../lib/search-term.ts';
import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

/** `/search/:search`: the videos matching the searched text, with the optional tag filter. */
export const SearchPage = () => {
  const term = searchTerm(useParams().search ?? '');
  return (
    <VideoGrid
      // A new search is a new grid: its own page and filter state.
      key={term}
      title={
        <>
          Résultats pour «{' '}
          {/* A long word typed without spaces must not widen the page on a phone. */}
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {term}
          </Box>{' '}
          »
        </>
      }
      list="search"
      term={term}
      emptyText="Aucune vidéo ne correspond à votre recherche."
      tagFilter={TagChips}
    />
  );
};

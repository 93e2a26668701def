import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { searchTerm } from '../../lib/search-term.ts';

/**
 * Opens the search page for a typed text (nothing for a blank one). From a search page the
 * history entry is replaced, so Back leaves the searches instead of stepping through them.
 */
export const useOpenSearchPage = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return (value: string) => {
    const cleaned = searchTerm(value);
    if (!cleaned) return;
    navigate(paths.search(cleaned), { replace: location.pathname.startsWith('/search/') });
  };
};

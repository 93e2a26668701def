import { useSearchParams } from 'react-router';
import { PendingList } from '../../features/pending/components/pending-list.tsx';
import { PAGE_PARAM, parsePage } from '../../features/videos/components/use-grid-params.ts';

/** `/pending`: videos waiting to be encoded and published; the page lives in the URL. */
export const PendingPage = () => {
  const [params, setParams] = useSearchParams();
  const changePage = (next: number) => {
    setParams(next > 1 ? { [PAGE_PARAM]: String(next) } : {});
    window.scrollTo({ top: 0 });
  };
  return <PendingList page={parsePage(params.get(PAGE_PARAM))} onPageChange={changePage} />;
};

import { useSearchParams } from 'react-router';
import { DirectsList } from '../../features/directs/components/directs-list.tsx';

const pageOf = (raw: string | null) => {
  const page = Number.parseInt(raw ?? '', 10);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** `/directs`: every direct, 32 per page; the page lives in the URL so back and reload keep it. */
export const DirectsPage = () => {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const changePage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };
  return <DirectsList title="Tous nos DT" page={page} onPageChange={changePage} />;
};

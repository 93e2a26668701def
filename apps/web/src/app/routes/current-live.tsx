import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Loader } from '../../components/loader.tsx';
import { currentLiveQuery } from '../../resources/directs.ts';
import { useViewer } from '../../resources/viewer.ts';
import { safeLiveUrl } from '../../features/directs/live-url.ts';
import { useNotify } from '../../lib/notify.tsx';
import { paths } from '../../lib/paths.ts';

const NO_LIVE_MESSAGE = "Il n'y a pas de DT en cours...";

/** `/dt`: straight to the live stream; with none (or no answer), back home with a word. */
export const CurrentLivePage = () => {
  // Always asked afresh: the menu may hold an answer from before the live started or ended.
  const live = useQuery({ ...currentLiveQuery(useViewer()), refetchOnMount: 'always' });
  const navigate = useNavigate();
  const notify = useNotify();

  useEffect(() => {
    if (live.isFetching) return;
    const url = safeLiveUrl(live.data);
    if (url) {
      window.location.assign(url);
      return;
    }
    if (live.isSuccess || live.isError) {
      notify(NO_LIVE_MESSAGE, 'info');
      void navigate(paths.home(), { replace: true });
    }
  }, [live.data, live.isError, live.isFetching, live.isSuccess, navigate, notify]);

  return <Loader />;
};

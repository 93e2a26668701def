import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { checkSession } from '../../../lib/session.ts';
import { parseVideoId } from './watch-params.ts';
import { videoQuery } from '../../../resources/videos.ts';

/**
 * The watch route's loader, defined outside its lazy module: the router runs it as soon as
 * `/video` matches, so `GET videos/{id}` travels while the page's chunks download, and the
 * page reads the answer from the cache. It never waits nor throws: the page shows the
 * loading, refusal and error states as before (a refused video is a prefetch left in error).
 */
export const watchLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const id = parseVideoId(new URL(request.url).searchParams.get('v'));
    if (id !== null) void queryClient.prefetchQuery(videoQuery(checkSession().userId, id));
    return null;
  };

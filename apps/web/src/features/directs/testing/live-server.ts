import { http, HttpResponse } from 'msw';
import type { Direct, LiveStatus } from '@plateau/contract';
import { server } from '../../../testing/server.ts';
import { makeDirect } from './fixtures.ts';

const list = (directs: Direct[]) => HttpResponse.json({ directs, nResults: directs.length });

/**
 * The direct 12 and its live: `live.status` is what the next poll answers (a test changes it,
 * then asks again through the query client); `live.reads` counts the answers given.
 */
export const liveDirectServer = ({
  direct = makeDirect(),
  status,
}: {
  direct?: Direct;
  status: LiveStatus;
}) => {
  const live = { status, reads: 0 };
  server.use(
    http.get('*/api/directs/:id', ({ params }) =>
      params.id === String(direct.id) ? list([direct]) : new HttpResponse(null, { status: 404 }),
    ),
    http.get('*/api/directs/previous/:id', () => list([])),
    http.get('*/api/directs/next/:id', () => list([])),
    http.get('*/api/directs/:id/live', () => {
      live.reads += 1;
      return HttpResponse.json(live.status);
    }),
    http.get('*/api/videos/direct/:id', () => HttpResponse.json({ videos: [], nResults: 0 })),
    http.get('*/api/media/poster/:id', () => new HttpResponse(null, { status: 404 })),
  );
  return live;
};

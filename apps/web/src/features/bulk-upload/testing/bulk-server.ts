import { http, HttpResponse } from 'msw';
import type { NewVideoBody } from '@plateau/contract';
import { server } from '../../../testing/server.ts';
import { serveTus, type TusServerOptions } from '../../../testing/tus-server.ts';
import { makeVideo } from '../../../testing/videos.ts';

/** One change the page made, in order: `POST videos` with its body, the tus requests... */
export interface BulkCall {
  method: string;
  path: string;
  body?: unknown;
}

export const BULK_TAGS = [
  { id: 1, name: 'Soirée' },
  { id: 2, name: 'Sport' },
];

/**
 * The server of /addVideos: each `POST videos` answers a new pending video (101, 102...),
 * `DELETE videos/{id}` removes it, and the tus endpoint takes the files. Every change is
 * recorded in `calls`; `tus` is the endpoint's own record (offsets, uploads held).
 */
export const serveBulk = (tusOptions: TusServerOptions = {}) => {
  const calls: BulkCall[] = [];
  let nextId = 101;
  server.use(
    http.get('*/api/tags', () => HttpResponse.json(BULK_TAGS)),
    http.get('*/api/videos/pending', () => HttpResponse.json({ videos: [], nResults: 0 })),
    http.post('*/api/videos', async ({ request }) => {
      const body = (await request.json()) as NewVideoBody;
      calls.push({ method: 'POST', path: 'videos', body });
      const video = makeVideo(nextId++, { title: body.title, processing: 0, rungs: [] });
      return HttpResponse.json(video, { status: 201 });
    }),
    http.delete('*/api/videos/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `videos/${String(params.id)}` });
      return HttpResponse.json({ ok: true });
    }),
  );
  const tus = serveTus({
    ...tusOptions,
    record: (call) =>
      calls.push({
        method: call.method,
        path: 'uploads',
        ...(call.metadata && { body: { videoId: call.metadata.videoId } }),
      }),
  });
  return { calls, tus };
};

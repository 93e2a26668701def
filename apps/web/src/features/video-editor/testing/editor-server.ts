import { http, HttpResponse } from 'msw';
import type { Caption, Chapter, Direct, Loudness, Tag, TrimStatus, Video } from '@plateau/contract';
import { fileOfBytes } from '../../../testing/files.ts';
import { server } from '../../../testing/server.ts';
import { serveTus, tusFailure, type TusServerOptions } from '../../../testing/tus-server.ts';
import { makeVideo } from '../../../testing/videos.ts';

/** One call the forms made, in order: method, path under /api, and its JSON body if any. */
export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

export const TAGS: Tag[] = [
  { id: 1, name: 'Soirée' },
  { id: 2, name: 'Sport' },
  { id: 3, name: 'Concert' },
];

export const makeDirect = (id: number, title: string): Direct => ({
  id,
  title,
  description: '',
  date: '2026-11-21T18:00:00Z',
  privacy: 1,
  promotion: -1,
  gpaRestricted: false,
  liveUrl: '',
  hasPoster: false,
  chat: false,
});

const failure = (status: number) =>
  HttpResponse.json({ statusCode: status, error: 'Erreur', message: 'Refusé' }, { status });

export interface EditorServerOptions {
  /** The video `GET videos/{id}` answers; its id is the one `POST videos` gives. */
  video?: Video;
  createStatus?: number;
  updateStatus?: number;
  /** The answer to the video file's last PATCH (resumable upload), with its message. */
  videoUploadStatus?: number;
  videoUploadMessage?: string;
  /** More of the resumable endpoint's behaviour (a cut, a PATCH held in flight). */
  tus?: TusServerOptions;
  thumbnailUploadStatus?: number;
  directs?: Direct[];
  trending?: Video[];
  /** The video's captions; changed by the PUT and DELETE calls as the server would. */
  captions?: Caption[];
  /** Refuses a caption's file with this status and the server's words. */
  captionRefusal?: { status: number; message: string };
  /** The video's chapters; replaced by the PUT as the server would. */
  chapters?: Chapter[];
  /** Refuses the chapters' PUT with this status and the server's words. */
  chapterRefusal?: { status: number; message: string };
  /** « Montage »: the cut's statuses and refusals (see serveTrim). */
  trim?: TrimServerOptions;
  /** The sound's levels; none (404) when left out. */
  loudness?: Loudness;
}

/**
 * The server of the editor pages, recording every call that changes something (and the
 * direct searches) in `calls`, in the order they arrive.
 */
export const serveEditor = ({
  video = makeVideo(31, { processing: 0, rungs: [], privacy: 1 }),
  createStatus = 201,
  updateStatus = 200,
  videoUploadStatus = 204,
  videoUploadMessage = "Le fichier n'est pas une vidéo MP4 lisible",
  tus,
  thumbnailUploadStatus = 200,
  directs = [],
  trending = [],
  captions = [],
  captionRefusal,
  chapters = [],
  chapterRefusal,
  trim = {},
  loudness,
}: EditorServerOptions = {}) => {
  const calls: Call[] = [];
  const record = async (request: Request, path: string) => {
    const text = request.headers.get('content-type')?.includes('json') ? await request.text() : '';
    calls.push({ method: request.method, path, ...(text && { body: JSON.parse(text) }) });
  };
  server.use(
    http.get('*/api/tags', () => HttpResponse.json(TAGS)),
    http.get('*/api/videos/pending', () => HttpResponse.json({ videos: [], nResults: 0 })),
    http.get('*/api/videos/trending', () =>
      HttpResponse.json({ videos: trending, nResults: trending.length }),
    ),
    http.get('*/api/videos/random', () => HttpResponse.json({ videos: [], nResults: 0 })),
    http.get('*/api/videos/:id', ({ params }) =>
      params.id === String(video.id)
        ? HttpResponse.json({ videos: [video], nResults: 1 })
        : failure(404),
    ),
    http.post('*/api/videos', async ({ request }) => {
      await record(request, 'videos');
      return createStatus === 201
        ? HttpResponse.json(video, { status: 201 })
        : failure(createStatus);
    }),
    http.put('*/api/videos/:id', async ({ request, params }) => {
      await record(request, `videos/${String(params.id)}`);
      return updateStatus === 200 ? HttpResponse.json(video) : failure(updateStatus);
    }),
    http.put('*/api/videos/trending/:slot/:id', async ({ request, params }) => {
      await record(request, `videos/trending/${String(params.slot)}/${String(params.id)}`);
      return HttpResponse.json({ videos: [video], nResults: 1 });
    }),
    http.post('*/api/media/:kind/:id', async ({ request, params }) => {
      await record(request, `media/${String(params.kind)}/${String(params.id)}`);
      const status = params.kind === 'video' ? 200 : thumbnailUploadStatus;
      return status === 200 ? HttpResponse.json({ ok: true }) : failure(status);
    }),
    http.get('*/api/directs/search/:term', async ({ request, params }) => {
      await record(request, `directs/search/${String(params.term)}`);
      return HttpResponse.json({ directs, nResults: directs.length });
    }),
    http.get('*/api/directs/:id', ({ params }) => {
      const direct = directs.find((one) => String(one.id) === params.id);
      return direct ? HttpResponse.json({ directs: [direct], nResults: 1 }) : failure(404);
    }),
    ...serveCaptions(calls, captions, captionRefusal),
    ...serveChapters(calls, chapters, chapterRefusal),
    ...serveTrim(calls, trim, loudness),
    http.get('*/api/media/*', () => new HttpResponse(null, { status: 404 })),
    // The watch page, where a saved published video leads: quiet.
    http.get('*/api/videos/like/:id', () => HttpResponse.json({ liked: false, likeCount: 0 })),
    http.put('*/api/videos/history/:id', () => HttpResponse.json({ views: 1 })),
    http.get('*/api/videos/direct/:id', () => HttpResponse.json({ videos: [], nResults: 0 })),
    http.get('*/api/playlists/me', () => HttpResponse.json({ playlists: [], nResults: 0 })),
  );
  // The video file goes through the resumable endpoint: its requests join the list as
  // `uploads` (the creation with its metadata as body).
  serveTus({
    finish: () =>
      videoUploadStatus === 204 ? undefined : tusFailure(videoUploadStatus, videoUploadMessage),
    ...tus,
    record: (call) =>
      calls.push({
        method: call.method,
        path: 'uploads',
        ...(call.metadata && { body: call.metadata }),
      }),
  });
  return calls;
};

/** The date every caption the fake server stores gets. */
export const CAPTION_DATE = '2026-11-20T10:00:00.000Z';

/**
 * The captions' routes over an in-memory list. A PUT is recorded with its multipart field,
 * file name and text, so a test sees what the browser really sent.
 */
const serveCaptions = (
  calls: Call[],
  initial: Caption[],
  refusal: EditorServerOptions['captionRefusal'],
) => {
  let captions = [...initial];
  const answer = () => HttpResponse.json({ captions });
  return [
    http.get('*/api/media/captions/:id', answer),
    http.put('*/api/media/captions/:id/:language', async ({ request, params }) => {
      const form = await request.formData();
      const fields = await Promise.all(
        [...form.entries()].map(async ([field, value]) =>
          typeof value === 'string'
            ? { field, value }
            : { field, name: value.name, text: await value.text() },
        ),
      );
      calls.push({
        method: 'PUT',
        path: `media/captions/${String(params.id)}/${String(params.language)}`,
        body: fields,
      });
      if (refusal) {
        return HttpResponse.json(
          { statusCode: refusal.status, error: 'Refus', message: refusal.message },
          { status: refusal.status },
        );
      }
      const language = String(params.language);
      captions = [
        ...captions.filter((caption) => caption.language !== language),
        { language, updatedAt: CAPTION_DATE },
      ].sort((a, b) => a.language.localeCompare(b.language));
      return answer();
    }),
    http.delete('*/api/media/captions/:id/:language', ({ params }) => {
      calls.push({
        method: 'DELETE',
        path: `media/captions/${String(params.id)}/${String(params.language)}`,
      });
      captions = captions.filter((caption) => caption.language !== params.language);
      return answer();
    }),
  ];
};

/** A file as a person would pick it (whose bytes msw can read, see testing/files.ts). */
export const fileOf = (name: string, type: string) =>
  fileOfBytes(name, new TextEncoder().encode('data'), type);

/** The chapters' routes over an in-memory list, each PUT recorded with its body. */
const serveChapters = (
  calls: Call[],
  initial: Chapter[],
  refusal: EditorServerOptions['chapterRefusal'],
) => {
  let chapters = [...initial];
  return [
    http.get('*/api/videos/:id/chapters', () => HttpResponse.json({ chapters })),
    http.put('*/api/videos/:id/chapters', async ({ request, params }) => {
      const body = (await request.json()) as { chapters: Chapter[] };
      calls.push({ method: 'PUT', path: `videos/${String(params.id)}/chapters`, body });
      if (refusal) {
        return HttpResponse.json(
          { statusCode: refusal.status, error: 'Refus', message: refusal.message },
          { status: refusal.status },
        );
      }
      chapters = [...body.chapters].sort((a, b) => a.start - b.start);
      return HttpResponse.json({ chapters });
    }),
  ];
};

/** No cut asked yet. */
export const NO_TRIM: TrimStatus = {
  state: 'none',
  keep: [],
  progress: null,
  error: null,
  undoUntil: null,
};

export interface TrimServerOptions {
  /** What `GET videos/{id}/trim` answers, one after the other, the last one repeated. */
  statuses?: TrimStatus[];
  /** What it answers once a cut was asked (the worker's progress), the last one repeated. */
  afterApply?: TrimStatus[];
  /** Refuses the cut, or its undo, with this status and the server's words. */
  refusal?: { status: number; message: string };
  undoRefusal?: { status: number; message: string };
}

const refuse = ({ status, message }: { status: number; message: string }) =>
  HttpResponse.json({ statusCode: status, error: 'Refus', message }, { status });

/**
 * The cut's routes: the status walks through `statuses` (then `afterApply` once a cut is
 * asked, then `none` once undone); each POST is recorded with its body.
 */
const serveTrim = (calls: Call[], options: TrimServerOptions, loudness?: Loudness) => {
  let queue = [...(options.statuses ?? [NO_TRIM])];
  const next = () => (queue.length > 1 ? queue.shift()! : queue[0]!);
  return [
    http.get('*/api/videos/:id/trim', () => HttpResponse.json(next())),
    http.post('*/api/videos/:id/trim', async ({ request, params }) => {
      const body = (await request.json()) as unknown;
      calls.push({ method: 'POST', path: `videos/${String(params.id)}/trim`, body });
      if (options.refusal) return refuse(options.refusal);
      const queued: TrimStatus = { ...NO_TRIM, state: 'queued', keep: (body as TrimStatus).keep };
      queue = [...(options.afterApply ?? [queued])];
      return HttpResponse.json(queued, { status: 202 });
    }),
    http.post('*/api/videos/:id/trim/undo', ({ params }) => {
      calls.push({ method: 'POST', path: `videos/${String(params.id)}/trim/undo` });
      if (options.undoRefusal) return refuse(options.undoRefusal);
      queue = [NO_TRIM];
      return HttpResponse.json(NO_TRIM);
    }),
    http.get('*/api/media/loudness/:file', () =>
      loudness ? HttpResponse.json(loudness) : new HttpResponse(null, { status: 404 }),
    ),
  ];
};

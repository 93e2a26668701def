import { http, HttpResponse } from 'msw';
import { server } from './server.ts';

/** One request the tus endpoint received, as a test asserts it. */
export interface TusCall {
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE';
  id?: string;
  authorization: string | null;
  tusResumable: string | null;
  /** POST: Upload-Length and the decoded Upload-Metadata. */
  length?: number;
  metadata?: Record<string, string>;
  /** PATCH: Upload-Offset and the bytes its body carried. */
  offset?: number;
  bytes?: number;
}

export interface TusUpload {
  id: string;
  length: number;
  offset: number;
  metadata: Record<string, string>;
}

export interface TusServerOptions {
  /** Answers the creation instead of the server (a 413, a 409...). */
  create?: () => Response | undefined;
  /**
   * The first PATCH that brings the upload past this many bytes keeps only that many, then the
   * connection drops (a Wi-Fi cut): no answer at all.
   */
  cutAt?: number;
  /** The last PATCH's answer instead of 204 (a 400 for a file that is no MP4): the upload goes. */
  finish?: (upload: TusUpload) => Response | undefined;
  /** Told of every request as it is recorded (a page's test keeps one list of calls). */
  record?: (call: TusCall) => void;
  /** A PATCH waits for the promise this gives before taking its bytes (an upload in flight). */
  hold?: (upload: TusUpload) => Promise<void> | undefined;
}

/** The server's error body, sent as text/plain like the answers tus writes itself. */
export const tusFailure = (status: number, message: string) =>
  new HttpResponse(JSON.stringify({ statusCode: status, error: 'Erreur', message }), {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

const decodeMetadata = (header: string | null) =>
  Object.fromEntries(
    (header ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key = '', value = ''] = pair.trim().split(' ');
        const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
        return [key, new TextDecoder().decode(bytes)];
      }),
  );

/**
 * A tus 1.0 endpoint at `/api/uploads` (creation, HEAD, PATCH, termination), recording every
 * request in `calls` and the uploads it holds in `uploads`.
 */
export const serveTus = (options: TusServerOptions = {}) => {
  const calls: TusCall[] = [];
  const push = (call: TusCall) => {
    calls.push(call);
    options.record?.(call);
  };
  const uploads = new Map<string, TusUpload>();
  let next = 1;
  let cut = false;
  const base = (request: Request) => ({
    authorization: request.headers.get('authorization'),
    tusResumable: request.headers.get('tus-resumable'),
  });
  const missing = () => tusFailure(404, 'Envoi introuvable');

  server.use(
    http.post('*/api/uploads', ({ request }) => {
      const length = Number(request.headers.get('upload-length'));
      const metadata = decodeMetadata(request.headers.get('upload-metadata'));
      push({ method: 'POST', ...base(request), length, metadata });
      const refused = options.create?.();
      if (refused) return refused;
      const id = String(next++).padStart(32, '0');
      uploads.set(id, { id, length, offset: 0, metadata });
      return new HttpResponse(null, {
        status: 201,
        headers: { Location: `/api/uploads/${id}`, 'Tus-Resumable': '1.0.0' },
      });
    }),
    http.head('*/api/uploads/:id', ({ request, params }) => {
      const id = String(params.id);
      push({ method: 'HEAD', id, ...base(request) });
      const upload = uploads.get(id);
      if (!upload) return new HttpResponse(null, { status: 404 });
      return new HttpResponse(null, {
        status: 200,
        headers: {
          'Upload-Offset': String(upload.offset),
          'Upload-Length': String(upload.length),
          'Tus-Resumable': '1.0.0',
        },
      });
    }),
    http.patch('*/api/uploads/:id', async ({ request, params }) => {
      const id = String(params.id);
      const offset = Number(request.headers.get('upload-offset'));
      const upload = uploads.get(id);
      if (upload) await options.hold?.(upload);
      const body = new Uint8Array(await request.arrayBuffer());
      push({ method: 'PATCH', id, ...base(request), offset, bytes: body.length });
      if (!upload) return missing();
      if (offset !== upload.offset) return tusFailure(409, 'Décalage');
      if (options.cutAt !== undefined && !cut && offset + body.length > options.cutAt) {
        cut = true;
        upload.offset = Math.max(offset, options.cutAt);
        return HttpResponse.error();
      }
      upload.offset += body.length;
      if (upload.offset === upload.length) {
        const refused = options.finish?.(upload);
        if (refused) {
          uploads.delete(id);
          return refused;
        }
      }
      return new HttpResponse(null, {
        status: 204,
        headers: { 'Upload-Offset': String(upload.offset), 'Tus-Resumable': '1.0.0' },
      });
    }),
    http.delete('*/api/uploads/:id', ({ request, params }) => {
      const id = String(params.id);
      push({ method: 'DELETE', id, ...base(request) });
      if (!uploads.delete(id)) return missing();
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { calls, uploads };
};

import { createServer, request, type Server, type ServerResponse } from 'node:http';
import { chmod, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database has one process: while the server runs, `npm run backup` asks the
 * server to take the backup through this Unix socket in DATA_DIR (only who can read DATA_DIR
 * can reach it: mode 0600, like the database itself), and `npm run media` asks it the
 * conversion's state or a run.
 */
/** What `npm run media` asks the server: the conversion's and the storage's state, or a run. */
export type MediaControlCommand = 'status' | 'upgrade' | 'storage' | 'move-s3' | 'move-local';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

export interface ControlHandlers {
  /** Takes a backup into `to`, reporting progress lines; answers the new folder. */
  backup(to: string, progress: (line: string) => void): Promise<string>;
  /** `npm run media -- status|upgrade|move`: answers a JSON value. */
  media?: Record<'status' | 'upgrade', () => Promise<unknown>> &
    Partial<Record<Exclude<MediaControlCommand, 'status' | 'upgrade'>, () => Promise<unknown>>>;
}

const answerJson = (res: ServerResponse, work: () => Promise<unknown>) => {
  work()
    .then((value) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value)),
    )
    .catch((error: unknown) =>
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: (error as Error).message })),
    );
};

/** The folder a backup request names: null for a body that is not `{"to": "<folder>"}`. */
const backupFolderOf = (body: string): string | null => {
  try {
    const { to } = JSON.parse(body) as { to?: unknown };
    return typeof to === 'string' && to !== '' ? to : null;
  } catch {
    return null;
  }
};

export const startControlSocket = async (
  dataDir: string,
  handlers: ControlHandlers,
): Promise<() => Promise<void>> => {
  const socket = controlSocketPath(dataDir);
  await rm(socket, { force: true });
  const server: Server = createServer((req, res) => {
    const media = /^\/media\/(status|upgrade|storage|move-s3|move-local)$/.exec(
      req.url ?? '',
    )?.[1] as MediaControlCommand | undefined;
    const answer = media && handlers.media?.[media];
    if (req.method === 'POST' && answer) {
      req.resume();
      answerJson(res, answer);
      return;
    }
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const to = backupFolderOf(body);
      if (to === null) {
        // Refused on the socket like any failed backup, never thrown out of this handler.
        res
          .writeHead(400, { 'content-type': 'application/x-ndjson' })
          .end(
            `${JSON.stringify({ error: 'the backup request needs the body {"to": "<folder>"}' })}\n`,
          );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const say = (value: object) => res.write(`${JSON.stringify(value)}\n`);
      handlers
        .backup(to, (line) => say({ progress: line }))
        .then((folder) => say({ folder }))
        .catch((error: unknown) => say({ error: (error as Error).message }))
        .finally(() => res.end());
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  await chmod(socket, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    }).then(() => rm(socket, { force: true }));
};

/** Asks the running server for a backup; null when no server listens on DATA_DIR's socket. */
export const backupThroughServer = (
  dataDir: string,
  to: string,
  progress: (line: string) => void,
): Promise<string | null> =>
  new Promise((resolve, reject) => {
    const req = request({
      socketPath: controlSocketPath(dataDir),
      path: '/backup',
      method: 'POST',
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? resolve(null) : reject(error),
    );
    req.on('response', (res) => {
      let buffered = '';
      let folder: string | null = null;
      let failure: string | null = null;
      res.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const message = JSON.parse(buffered.slice(0, newline)) as {
            progress?: string;
            folder?: string;
            error?: string;
          };
          buffered = buffered.slice(newline + 1);
          if (message.progress) progress(message.progress);
          if (message.folder) folder = message.folder;
          if (message.error) failure = message.error;
        }
      });
      res.on('end', () => (failure ? reject(new Error(failure)) : resolve(folder)));
    });
    req.end(JSON.stringify({ to }));
  });

/** Asks the running server for `npm run media -- <command>`; null when no server listens. */
export const mediaThroughServer = (
  dataDir: string,
  command: MediaControlCommand,
): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const req = request({
      socketPath: controlSocketPath(dataDir),
      path: `/media/${command}`,
      method: 'POST',
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? resolve(null) : reject(error),
    );
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        const value = JSON.parse(body || 'null') as { error?: string } | null;
        if (res.statusCode === 200) resolve(value);
        else reject(new Error(value?.error ?? `control socket: ${res.statusCode}`));
      });
    });
    req.end();
  });

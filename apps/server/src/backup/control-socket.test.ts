import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import {
  backupThroughServer,
  controlSocketPath,
  mediaThroughServer,
  startControlSocket,
} from './control-socket.ts';

/** A raw POST /backup on the socket, with any body: its status and its answer's lines. */
const postBackup = (dataDir: string, body: string) =>
  new Promise<{ status: number; lines: unknown[] }>((resolve, reject) => {
    const req = request({
      socketPath: controlSocketPath(dataDir),
      path: '/backup',
      method: 'POST',
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          lines: text
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as unknown),
        }),
      );
    });
    req.end(body);
  });

describe('the control socket, asked for a backup with a body it cannot use', () => {
  it('refuses a bad body and one without `to` on the socket, and goes on answering', async () => {
    const dataDir = await mkdtemp(path.join(testTmpDir, 'control-socket-'));
    const asked: string[] = [];
    const stop = await startControlSocket(dataDir, {
      backup: async (to, progress) => {
        asked.push(to);
        progress('database');
        return path.join(to, 'plateau-backup');
      },
      media: { status: async () => ({ running: false }), upgrade: async () => true },
    });
    try {
      const refusal = {
        status: 400,
        lines: [{ error: 'the backup request needs the body {"to": "<folder>"}' }],
      };
      for (const body of ['{"to": "/backups"', 'not json', 'null', '', '{}', '{"to": 5}']) {
        expect(await postBackup(dataDir, body), body).toEqual(refusal);
      }
      // No backup was started, least of all into a folder named "undefined".
      expect(asked).toEqual([]);

      // The server still answers, backups and media alike.
      const progress: string[] = [];
      expect(await backupThroughServer(dataDir, '/backups', (line) => progress.push(line))).toBe(
        path.join('/backups', 'plateau-backup'),
      );
      expect(asked).toEqual(['/backups']);
      expect(progress).toEqual(['database']);
      expect(await mediaThroughServer(dataDir, 'status')).toEqual({ running: false });
    } finally {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

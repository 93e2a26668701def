import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { clipsDir, makeClip } from '../test/clips.ts';
import {
  adminAuth,
  builtEntry,
  serverRoot,
  usePlateauProcesses,
  waitFor,
} from '../test/plateau-process.ts';
import { testTmpDir } from '../test/test-env.ts';
import { listFiles } from './file-copy.ts';
import { readLastBackup } from './last-backup.ts';
import { readManifest } from './manifest.ts';

/**
 * The restore drill: a running site with content, backed up while an upload and an encode are
 * in flight, restored into an empty installation that then answers exactly as the site did.
 */
const processes = usePlateauProcesses();
const backups = mkdtempSync(path.join(testTmpDir, 'backups-'));
afterAll(() => rmSync(backups, { recursive: true, force: true }));

const cli = async (entry: 'backup' | 'restore', args: string[], env: Record<string, string>) => {
  const result = await promisify(execFile)(process.execPath, [...builtEntry(entry), ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return result;
};

/** The answers with one video's changing fields (an encode in flight) set aside. */
const settled = (value: unknown, moving: number): unknown => {
  if (Array.isArray(value)) return value.map((item) => settled(item, moving));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, settled(item, moving)]);
    const object = Object.fromEntries(entries) as Record<string, unknown>;
    return object.id === moving && 'processing' in object ? { id: moving, inFlight: true } : object;
  }
  return value;
};

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
/** sha256 of every media file, but those of the video whose encode is in flight. */
const mediaHashes = async (mediaDir: string, moving: number) => {
  const files = (await listFiles(mediaDir, ['.tmp', '.uploads'])).filter(
    (file) => !file.startsWith(`videos/${moving}/`),
  );
  return Object.fromEntries(
    await Promise.all(files.map(async (file) => [file, await sha256(path.join(mediaDir, file))])),
  );
};

describe('backup and restore', () => {
  it('restores a site backed up mid-upload and mid-encode into an empty one that answers the same', async () => {
    const source = await processes.site('backup-source');
    let server = await processes.start(source.env);
    const auth = await adminAuth(source.api);
    const call = async (method: string, route: string, body?: object) => {
      const answer = await fetch(`${source.api}${route}`, {
        method,
        headers: { ...auth, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      const text = await answer.text();
      return text ? JSON.parse(text) : undefined;
    };
    const upload = async (id: number, file: string) => {
      const form = new FormData();
      form.append('video_upload', new Blob([await readFile(file)]), 'clip.mp4');
      const answer = await fetch(`${source.api}/media/video/${id}`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      expect(answer.status).toBe(200);
    };
    const clip = await makeClip(clipsDir, '360p');
    const tag = await call('POST', '/tags', { name: 'Gala' });
    const published = await call('POST', '/videos', {
      title: 'Le gala',
      privacy: 0,
      tagIds: [tag.id],
    });
    await upload(published.id, clip);
    await call('POST', `/encode/${published.id}`);
    await waitFor(
      'the first encode',
      () => call('GET', `/videos/${published.id}`),
      (v) => v.videos[0].processing === 3,
      120_000,
    );
    // A visitor watched it: its statistics, written within seconds, go with the backup.
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
    const statistics = `/stats/videos/${published.id}?from=${day}&to=${day}`;
    const watched = await fetch(`${source.api}/stats/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        videoId: published.id,
        watch: 'backup-viewer',
        sequence: 0,
        played: [{ start: 0, end: 2 }],
      }),
    });
    expect(watched.status).toBe(204);
    await waitFor(
      'the view written',
      () => call('GET', statistics),
      (stats) => stats.totals.views === 1,
      20_000,
    );
    const pending = await call('POST', '/videos', { title: 'En attente', privacy: 1 });
    await upload(pending.id, clip);
    // Its chat goes with the backup too (issue 36).
    const gala = await call('POST', '/directs', {
      title: 'Le direct du gala',
      privacy: 0,
      chat: true,
    });
    await call('POST', `/directs/${gala.id}/chat`, { body: 'Bravo à la troupe !' });
    await call('POST', '/playlists', { title: 'Soirées', videos: [published.id] });

    // In flight during the backup: an encode, and an upload sent slowly.
    const encoding = await call('POST', '/videos', { title: 'En encodage', privacy: 1 });
    await upload(encoding.id, await makeClip(clipsDir, '1080p-audio'));
    const inFlight = await call('POST', '/videos', { title: 'Envoi en cours', privacy: 1 });
    const slow = request(`${source.api}/media/video/${inFlight.id}`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': '100000000',
      },
    });
    slow.on('error', () => undefined);
    slow.write(
      '--x\r\nContent-Disposition: form-data; name="video_upload"; filename="a.mp4"\r\n\r\n',
    );
    const trickle = setInterval(() => slow.write(Buffer.alloc(64 * 1024)), 50);
    await call('POST', `/encode/${encoding.id}`);

    const lists = async (api: typeof call) =>
      settled(
        {
          latest: await api('GET', '/videos'),
          pending: await api('GET', '/videos/pending'),
          directs: await api('GET', '/directs'),
          playlists: await api('GET', '/playlists'),
          tags: await api('GET', '/tags'),
          statistics: await api('GET', statistics),
          chat: await api('GET', `/directs/${gala.id}/chat`),
          users: await api('GET', '/users'),
          videos: await Promise.all(
            [published.id, pending.id].map((id) => api('GET', `/videos/${id}`)),
          ),
        },
        encoding.id,
      );
    const before = await lists(call);
    const chatBefore = (before as { chat: { messages: { body: string }[] } }).chat;
    expect(chatBefore.messages.map((m) => m.body)).toEqual(['Bravo à la troupe !']);
    const beforeMedia = await mediaHashes(path.join(source.dataDir, 'media'), encoding.id);
    const first = await cli('backup', ['--to', backups], source.env);
    expect(first.code, first.stderr).toBe(0);
    clearInterval(trickle);
    slow.destroy();
    const [folder] = first.stdout.match(/\S+plateau-\d{8}T\d{6}Z/) ?? [];
    const manifest = await readManifest(folder!);
    expect(manifest.database.kind).toBe(source.env.DATABASE_URL ? 'postgres' : 'pglite');
    const verified = await cli('backup', ['--verify', backups], source.env);
    expect(verified.code, verified.stderr).toBe(0);
    // What the geek's system view reads: the newest backup, verified intact.
    expect(await readLastBackup(source.dataDir)).toMatchObject({
      folder,
      files: manifest.files.length,
      verified: { intact: true },
    });
    // Every media file of the site is in it, with the same bytes.
    for (const [file, hash] of Object.entries(beforeMedia)) {
      expect(manifest.files.find((f) => f.path === `media/${file}`)?.sha256, file).toBe(hash);
    }

    // A wiped installation: empty data folder and database; restore, start, compare.
    server.child.kill('SIGTERM');
    await server.exited;
    // The same configuration (its JWT_SECRET: tokens stay valid), nothing of its data.
    const target = await processes.site(
      'backup-target',
      { JWT_SECRET: source.env.JWT_SECRET! },
      { empty: true },
    );
    const restored = await cli('restore', ['--from', backups], target.env);
    expect(restored.code, restored.stderr).toBe(0);
    const again = await cli('restore', ['--from', backups], target.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
    server = await processes.start(target.env);
    const restoredCall = async (method: string, route: string) =>
      (await fetch(`${target.api}${route}`, { method, headers: auth })).json();
    expect(await lists(restoredCall)).toEqual(before);
    expect(await mediaHashes(path.join(target.dataDir, 'media'), encoding.id)).toEqual(beforeMedia);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 300_000);
});

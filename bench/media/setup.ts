import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminUrl } from '../bench-env.ts';
import { root } from './plateau.ts';

/** What the media benchmarks share: the compiled server, a scratch folder, a database, a file. */

/** Builds the compiled server when stale (the web app is not needed to stream media). */
export const buildServerOnly = () =>
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "await (await import('./scripts/build.mjs')).ensureBuilt({ web: false })",
    ],
    { cwd: root, stdio: 'inherit' },
  );

/** A scratch folder nginx's workers, which run as an unprivileged user, can read. */
export const nginxReadableDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
};

/** A database of its own on the bench's PostgreSQL, dropped and created again by `recreate`. */
export const benchDatabase = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async recreate() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
    },
  };
};

/** A call to the API; a string body is sent as JSON. */
export const api = async (
  origin: string,
  url: string,
  init: RequestInit & { token?: string } = {},
) => {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body && typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(`${origin}${url}`, { ...init, headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
};

export const signIn = async (origin: string, account: { username: string; password: string }) =>
  (await api(origin, '/api/token', { method: 'POST', body: JSON.stringify(account) }))
    .accessToken as string;

/**
 * Makes video `id` a published 720p rendition of `bytes` random bytes, written straight into
 * the media folder: the benchmarks measure streaming, not encoding. Answers the file's path.
 */
export const publishRandomRendition = async (
  databaseUrl: string,
  mediaDir: string,
  id: number,
  bytes: number,
) => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`update videos set processing = 3, rungs = '{720}' where id = $1`, [id]);
  await db.end();
  const file = path.join(mediaDir, `videos/${id}/720.mp4`);
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  const block = randomBytes(1024 * 1024);
  for (let written = 0; written < bytes; written += block.length) {
    writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  }
  closeSync(fd);
  return file;
};

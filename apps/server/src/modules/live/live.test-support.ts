import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { Privacy, type DirectBroadcast, type LiveStatus } from '@plateau/contract';
import { postDirect } from '../../test/directs.ts';
import { useTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { freePort } from '../../../../../scripts/network-test-helpers.ts';
import { testTmpDir } from '../../test/test-env.ts';

const run = promisify(execFile);

export { freePort };
export { waitFor } from '../../test/plateau-process.ts';

/**
 * An encoder's stream, encoded once: a small test pattern with sound, keyframes every 2 s (or `keyframeSeconds`), as
 * FLV. Publishing it with `-re -c copy` sends what OBS would, at no encoding cost.
 */
export const makeEncoderStream = async (
  name: string,
  {
    seconds = 30,
    video = 'libx264',
    audio = 'aac',
    size = '320x240',
    videoKbps = 0,
    keyframeSeconds = 2,
  } = {},
) => {
  const dir = path.join(testTmpDir, 'live-streams');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.flv`);
  // Made under a name of its own, then renamed into place: the test projects run the same
  // files at once, and an encoder of one publishing this file while another project wrote it
  // again read a truncated stream (CI: « Invalid data found », a REDIFF seconds short).
  const making = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.flv`;
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    video,
    ...(video === 'libx264'
      ? ['-preset', 'ultrafast', '-g', String(keyframeSeconds * 30), '-pix_fmt', 'yuv420p']
      : []),
    ...(videoKbps > 0
      ? ['-b:v', `${videoKbps}k`, '-minrate', `${videoKbps}k`, '-bufsize', `${videoKbps}k`]
      : []),
    '-c:a',
    audio,
    '-f',
    'flv',
    making,
  ]);
  await rename(making, file);
  return file;
};

export interface Encoder {
  process: ChildProcess;
  /** Settles with ffmpeg's exit code. */
  exited: Promise<number | null>;
  /** Cuts the connection as a dropped network would (no goodbye). */
  cut(): Promise<void>;
  /** What ffmpeg printed (errors only): why a publish was refused or broke. */
  said(): string;
}

/** Publishes `file` in real time to `rtmp://127.0.0.1:port/live/key`, from `startSeconds`. */
export const publish = (
  file: string,
  port: number,
  key: string,
  { startSeconds = 0, durationSeconds }: { startSeconds?: number; durationSeconds?: number } = {},
): Encoder => {
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      ...(startSeconds > 0 ? ['-ss', String(startSeconds)] : []),
      '-i',
      file,
      ...(durationSeconds ? ['-t', String(durationSeconds)] : []),
      '-c',
      'copy',
      '-f',
      'flv',
      `rtmp://127.0.0.1:${port}/live/${key}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (errors.length < 4_000) errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    process: child,
    exited,
    async cut() {
      child.kill('SIGKILL');
      await exited;
    },
    said: () => errors,
  };
};

export const enableBroadcast = async (
  ctx: TestContext,
  geek: TestUser,
  directId: number,
): Promise<DirectBroadcast> => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/directs/${directId}/broadcast`,
    headers: geek.auth,
    payload: { enabled: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

export const liveStatus = async (
  ctx: TestContext,
  directId: number,
  user?: TestUser,
): Promise<LiveStatus> => {
  const response = await ctx.app.inject({
    url: `/api/directs/${directId}/live`,
    headers: user?.auth ?? {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Seconds of video in a media file (ffprobe). */
export const durationOf = async (file: string) => {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim());
};

/** The test app with its RTMP ingest on a free loopback port (call at a file's top level). */
export const useLiveTestApp = async (env: Record<string, string> = {}) => {
  const rtmpPort = await freePort();
  const ctx = useTestApp({
    env: { RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1', LIVE_LADDER: '', ...env },
    extra: { extraDeps: { liveIngest: true } },
  });
  return { ctx, rtmpPort };
};

/** A direct with "Diffuser sur Plateau" on, and its stream key. */
export const broadcastingDirect = async (
  ctx: TestContext,
  geek: TestUser,
  title: string,
  privacy: number = Privacy.Public,
) => {
  const direct = await postDirect(ctx, geek, { title, privacy });
  const { streamKey } = await enableBroadcast(ctx, geek, direct.id);
  return { id: direct.id, key: streamKey! };
};

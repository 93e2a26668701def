import path from 'node:path';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/harness.ts';
import {
  broadcastingDirect,
  liveStatus,
  makeEncoderStream,
  publish,
  useLiveTestApp,
  waitFor,
} from './live.test-support.ts';

const { ctx, rtmpPort } = await useLiveTestApp();

let geek: TestUser;
let member: TestUser;
let h264: string;
beforeAll(async () => {
  geek = await ctx.createUser('geek');
  member = await ctx.createUser('plateau');
  h264 = await makeEncoderStream('refusals-h264', { seconds: 20 });
}, 60_000);

/** Every file under the lives folder: a refused stream leaves none. */
const liveFiles = () => {
  const folder = path.join(ctx.config.mediaDir, 'lives');
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String) : [];
};

describe('what the ingest refuses', () => {
  it('a wrong, a malformed and an over-long key: the encoder is cut, nothing is written', async () => {
    const { id } = await broadcastingDirect(ctx, geek, 'Clé fausse');
    for (const key of ['a'.repeat(32), 'short', 'k'.repeat(65), 'x'.repeat(40000)]) {
      const encoder = publish(h264, rtmpPort, key);
      expect(await encoder.exited).not.toBe(0);
    }
    expect(liveFiles()).toEqual([]);
    expect((await liveStatus(ctx, id, member)).state).toBe('waiting');
  }, 60_000);

  it('a stream that is not H.264/AAC: refused before anything is opened, the geek reads why', async () => {
    const { id, key } = await broadcastingDirect(ctx, geek, 'Mauvais codec');
    const sorenson = await makeEncoderStream('refusals-flv1', { seconds: 6, video: 'flv1' });
    const encoder = publish(sorenson, rtmpPort, key);
    expect(await encoder.exited).not.toBe(0);
    const status = await waitFor(
      'the problem',
      () => liveStatus(ctx, id, geek),
      (s) => s.problem !== null,
    );
    expect(status.problem).toContain('H.264');
    expect(status.problem).toContain('Sorenson');
    expect(status.state).toBe('waiting');
    // Others see the state, never the geek's message.
    expect((await liveStatus(ctx, id, member)).problem).toBeNull();
    expect(liveFiles()).toEqual([]);
  }, 60_000);

  it('a second encoder on a live key is refused and the live goes on untouched', async () => {
    const { id, key } = await broadcastingDirect(ctx, geek, 'Deux encodeurs');
    const first = publish(h264, rtmpPort, key, { durationSeconds: 12 });
    await waitFor(
      'the live',
      () => liveStatus(ctx, id, member),
      (s) => s.state === 'live',
    );
    const second = publish(h264, rtmpPort, key);
    expect(await second.exited).not.toBe(0);
    expect((await liveStatus(ctx, id, member)).state).toBe('live');
    expect(first.process.exitCode).toBeNull();
    // Nor can the direct be deleted under its live: its recording would lose its REDIFF.
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${id}`,
      headers: geek.auth,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('Terminez le direct avant de supprimer ce DT');
    await first.cut();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/directs/${id}/live/end`,
      headers: geek.auth,
    });
  }, 60_000);

  it('garbage on the RTMP port crashes nothing, and the next encoder is taken', async () => {
    for (let i = 0; i < 3; i += 1) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(rtmpPort, '127.0.0.1', () => {
          socket.write(randomBytes(10_000));
          // NMS waits for the rest of what the random bytes announced: hang up as a scanner would.
          setTimeout(() => socket.destroy(), 300);
        });
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
      });
    }
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const { id, key } = await broadcastingDirect(ctx, geek, 'Après le bruit');
    const encoder = publish(h264, rtmpPort, key, { durationSeconds: 4 });
    await waitFor(
      'the live',
      () => liveStatus(ctx, id, member),
      (s) => s.state === 'live',
    );
    await encoder.cut();
  }, 60_000);

  it('two directs can be live at the same time, each with its own recording', async () => {
    const [a, b] = [
      await broadcastingDirect(ctx, geek, 'Scène A'),
      await broadcastingDirect(ctx, geek, 'Scène B'),
    ];
    const encoders = [publish(h264, rtmpPort, a.key), publish(h264, rtmpPort, b.key)];
    for (const { id } of [a, b]) {
      await waitFor(
        'both lives',
        () => liveStatus(ctx, id, member),
        (s) => s.state === 'live',
      );
    }
    for (const { id } of [a, b]) {
      const ended = await ctx.app.inject({
        method: 'POST',
        url: `/api/directs/${id}/live/end`,
        headers: geek.auth,
      });
      expect(ended.json().state).toBe('ended');
    }
    for (const encoder of encoders) expect(await encoder.exited).not.toBe(0);
  }, 60_000);
});

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

const { ctx, rtmpPort } = await useLiveTestApp({ LIVE_MAX_HEIGHT: '200', LIVE_MAX_KBPS: '300' });

let geek: TestUser;
beforeAll(async () => {
  geek = await ctx.createUser('geek');
});

describe('the limits of a live', () => {
  it('a resolution over the cap is refused before anything opens, with the reason', async () => {
    const { id, key } = await broadcastingDirect(ctx, geek, 'Trop grand');
    const tall = await makeEncoderStream('limits-240p', { seconds: 6 });
    expect(await publish(tall, rtmpPort, key).exited).not.toBe(0);
    const status = await waitFor(
      'the problem',
      () => liveStatus(ctx, id, geek),
      (s) => !!s.problem,
    );
    expect(status.problem).toBe(
      'Flux refusé : 240p dépasse la résolution maximale (200p). Réduisez la résolution de sortie de l’encodeur.',
    );
    expect(status.state).toBe('waiting');
  }, 60_000);

  it('a bitrate over the cap cuts the encoder, says why, and keeps the live for a fixed encoder', async () => {
    const { id, key } = await broadcastingDirect(ctx, geek, 'Trop lourd');
    const heavy = await makeEncoderStream('limits-heavy', {
      seconds: 20,
      size: '256x144',
      videoKbps: 1500,
    });
    const encoder = publish(heavy, rtmpPort, key);
    await waitFor(
      'the live',
      () => liveStatus(ctx, id, geek),
      (s) => s.state === 'live',
    );
    expect(await encoder.exited).not.toBe(0);
    const status = await waitFor(
      'the cut',
      () => liveStatus(ctx, id, geek),
      (s) => s.state === 'reconnecting' && !!s.problem,
    );
    expect(status.problem).toMatch(
      /^Flux coupé : \d+ kb\/s dépasse le débit maximal \(300 kb\/s\)\. Réduisez le débit vidéo de l’encodeur\.$/,
    );
    const ended = await ctx.app.inject({
      method: 'POST',
      url: `/api/directs/${id}/live/end`,
      headers: geek.auth,
    });
    expect(ended.json().state).toBe('ended');
  }, 60_000);
});

import path from 'node:path';
import type { LiveStatus } from '@plateau/contract';
import { describe, expect, it } from 'vitest';
import { mediaKeys } from '../../storage/media-storage.ts';
import { adminAuth, usePlateauProcesses } from '../../test/plateau-process.ts';
import { sleep } from '../../../../../scripts/network-test-helpers.ts';
import { liveKeys } from './live-files.ts';
import { durationOf, freePort, makeEncoderStream, publish, waitFor } from './live.test-support.ts';

/**
 * A kill -9 of the server in the middle of a live: what was received is on disk, the live
 * resumes when the encoder reconnects after the restart, and the REDIFF holds both parts.
 */
const processes = usePlateauProcesses();

describe('a server killed during a live', () => {
  it('keeps what it received, resumes with the encoder, and the REDIFF has every part', async () => {
    const rtmpPort = await freePort();
    const { env, dataDir, api } = await processes.site('live-crash', {
      RTMP_PORT: String(rtmpPort),
      LIVE_LADDER: '',
      LIVE_RECONNECT_GRACE: '60',
    });
    const before = await makeEncoderStream('crash-before', { seconds: 20 });
    const after = await makeEncoderStream('crash-after', { seconds: 6 });
    const up = () => processes.start(env);

    let server = await up();
    const auth = await adminAuth(api);
    const send = (method: string, url: string, body?: object) =>
      fetch(`${api}${url}`, {
        method,
        headers: { ...auth, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      }).then((r) => r.json());
    const direct = await send('POST', '/directs', { title: 'Nuit du court', privacy: 0 });
    const { streamKey } = await send('PUT', `/directs/${direct.id}/broadcast`, { enabled: true });
    const status = () => send('GET', `/directs/${direct.id}/live`) as Promise<LiveStatus>;

    const first = publish(before, rtmpPort, streamKey);
    await waitFor('the live', status, (s) => s.state === 'live');
    const liveSince = Date.now();
    await sleep(6000);
    server.child.kill('SIGKILL');
    const received = (Date.now() - liveSince) / 1000;
    await server.exited;
    await first.exited;

    // On disk, before anything restarts: the part holds what was sent up to the kill.
    const part1 = path.join(dataDir, 'media', liveKeys.part(direct.id, 1, 1));
    const kept = await durationOf(part1);
    expect(kept).toBeGreaterThan(received - 2);

    server = await up();
    expect((await status()).state).toBe('reconnecting');
    const second = publish(after, rtmpPort, streamKey);
    await waitFor('the resumed live', status, (s) => s.state === 'live');
    await second.exited;
    expect((await send('POST', `/directs/${direct.id}/live/end`)).state).toBe('ended');
    const ended = await waitFor(
      'the REDIFF',
      status,
      (s) => s.state === 'ended' && s.rediffVideoId !== null,
      30_000,
    );
    const rediff = await durationOf(
      path.join(dataDir, 'media', mediaKeys.raw(ended.rediffVideoId!)),
    );
    expect(rediff).toBeGreaterThan(kept + 6 - 1);
    expect(rediff).toBeLessThan(kept + 6 + 1);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 180_000);
});

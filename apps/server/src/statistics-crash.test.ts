import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sleep } from '../../../scripts/network-test-helpers.ts';
import { multipart } from './modules/media/media.test-helpers.ts';
import { clipsDir, makeClip } from './test/clips.ts';
import { adminAuth, usePlateauProcesses, waitFor } from './test/plateau-process.ts';

/**
 * A server killed with -9 while viewers report: what it had added up more than a write's
 * interval (5 s) before is in the database after the restart; at most the last seconds are
 * lost, and nothing is counted twice.
 */
const processes = usePlateauProcesses();

describe('statistics across a kill -9 and a stop', () => {
  it('keep every sum written before the last few seconds, and all of them on SIGTERM', async () => {
    const { env, api } = await processes.site('statistics-crash');
    let server = await processes.start(env);
    const auth = await adminAuth(api);
    // Public: its viewers are visitors, told apart by their browsers.
    const created = await fetch(`${api}/videos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Gala coupé', privacy: 0 }),
    });
    const { id } = (await created.json()) as { id: number };
    const body = multipart([
      {
        field: 'video_upload',
        content: await readFile(await makeClip(clipsDir, '360p')),
        filename: 'clip.mp4',
      },
    ]);
    const uploaded = await fetch(`${api}/media/video/${id}`, {
      method: 'POST',
      headers: { ...auth, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status, await uploaded.text()).toBeLessThan(300);
    expect((await fetch(`${api}/encode/${id}`, { method: 'POST', headers: auth })).status).toBe(
      200,
    );
    await waitFor(
      'the video published',
      async () =>
        (
          (await (await fetch(`${api}/videos/${id}`, { headers: auth })).json()) as {
            videos: { processing: number }[];
          }
        ).videos[0]?.processing,
      (processing) => processing === 3,
      90_000,
    );

    // Each viewer plays the whole 2 s clip: one view each.
    const view = (viewer: number) =>
      fetch(`${api}/stats/heartbeat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `Navigateur/${viewer}` },
        body: JSON.stringify({
          videoId: id,
          watch: `crash-viewer-${viewer}`,
          sequence: 0,
          played: [{ start: 0, end: 2 }],
        }),
      }).then((answer) => answer.status);
    for (const viewer of [1, 2, 3]) expect(await view(viewer)).toBe(204);
    // Past one write.
    await sleep(6_500);
    for (const viewer of [4, 5]) expect(await view(viewer)).toBe(204);
    server.child.kill('SIGKILL');
    await server.exited;

    server = await processes.start(env);
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
    const stats = await fetch(`${api}/stats/videos/${id}?from=${day}&to=${day}`, {
      headers: await adminAuth(api),
    });
    expect(stats.status).toBe(200);
    const { totals } = (await stats.json()) as { totals: { views: number } };
    // The three written before; the two of the last seconds may or may not have been.
    expect(totals.views).toBeGreaterThanOrEqual(3);
    expect(totals.views).toBeLessThanOrEqual(5);

    // Stopped as a process manager stops it (SIGTERM): what it added up is written first.
    for (const viewer of [6, 7]) expect(await view(viewer)).toBe(204);
    server.child.kill('SIGTERM');
    await server.exited;
    server = await processes.start(env);
    const after = await fetch(`${api}/stats/videos/${id}?from=${day}&to=${day}`, {
      headers: await adminAuth(api),
    });
    expect(((await after.json()) as { totals: { views: number } }).totals.views).toBe(
      totals.views + 2,
    );
  }, 180_000);
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_CONNECTIONS_PER_ADDRESS, Privacy, chatMessages } from '@plateau/contract';
import { afterAll, expect, it } from 'vitest';
import { postDirect } from '../../test/directs.ts';
import { useTestApp } from '../../test/harness.ts';

/**
 * A stream asked on a socket of its own and closed by destroying it. Through fetch, the pool
 * kept the connections open after the abort, and the test's server then waited out its 72 s
 * keep-alive before closing (72.4 s for this file on PostgreSQL; 2.3 s now).
 */
const askStream = (base: string, directId: number) =>
  new Promise<{ status: number; close: () => void }>((resolve, reject) => {
    const request = http.get(`${base}/api/directs/${directId}/chat/events`, { agent: false });
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
    });
    request.on('error', reject);
  });

const ctx = useTestApp();
const streams: Awaited<ReturnType<typeof askStream>>[] = [];
afterAll(() => streams.forEach((stream) => stream.close()));

it('lets one address hold a bounded number of streams: a thousand asked, the rest refused in French', async () => {
  const geek = await ctx.createUser('geek');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const direct = await postDirect(ctx, geek, {
    title: 'Gala',
    privacy: Privacy.Public,
    chat: true,
  });

  // A thousand streams asked from one address (a script, or a school's whole network).
  const statuses: number[] = [];
  for (let asked = 0; asked < 1000; asked += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => askStream(base, direct.id)));
    streams.push(...batch);
    statuses.push(...batch.map((stream) => stream.status));
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(CHAT_CONNECTIONS_PER_ADDRESS);
  expect(statuses.filter((status) => status === 429)).toHaveLength(
    1000 - CHAT_CONNECTIONS_PER_ADDRESS,
  );
  const refused = await fetch(`${base}/api/directs/${direct.id}/chat/events`);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('10');
  expect(((await refused.json()) as { message: string }).message).toBe(
    chatMessages.tooManyConnections,
  );

  // One stream closed frees its place.
  streams.find((stream) => stream.status === 200)!.close();
  await expect
    .poll(async () => {
      const again = await askStream(base, direct.id);
      streams.push(again);
      return again.status;
    })
    .toBe(200);
});

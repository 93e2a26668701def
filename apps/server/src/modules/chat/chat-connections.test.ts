import type { AddressInfo } from 'node:net';
import { CHAT_CONNECTIONS_PER_ADDRESS, Privacy, chatMessages } from '@plateau/contract';
import { afterAll, expect, it } from 'vitest';
import { postDirect } from '../../test/directs.ts';
import { useTestApp } from '../../test/harness.ts';
import { openChatEvents } from './chat.test-support.ts';

const ctx = useTestApp();
const streams: Awaited<ReturnType<typeof openChatEvents>>[] = [];
afterAll(() => Promise.all(streams.map((stream) => stream.close())));

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
    const batch = await Promise.all(
      Array.from({ length: 50 }, () => openChatEvents(base, direct.id)),
    );
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
  await streams.find((stream) => stream.status === 200)!.close();
  await expect
    .poll(async () => {
      const again = await openChatEvents(base, direct.id);
      streams.push(again);
      return again.status;
    })
    .toBe(200);
});

import type { AddressInfo } from 'node:net';
import { Privacy } from '@plateau/contract';
import { expect, it } from 'vitest';
import { openChatEvents, postMessage } from './modules/chat/chat.test-support.ts';
import { closeHttpServer } from './process/close-http.ts';
import { postDirect } from './test/directs.ts';
import { useTestApp } from './test/harness.ts';

const ctx = useTestApp();

it('ends every open chat stream when the server stops, rather than holding the stop open', async () => {
  const geek = await ctx.createUser('geek');
  const students = [await ctx.createUser('user'), await ctx.createUser('user')];
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const direct = await postDirect(ctx, geek, {
    title: 'Gala',
    privacy: Privacy.School,
    chat: true,
  });
  const readers = await Promise.all(
    students.map((student) => openChatEvents(base, direct.id, { token: student.token })),
  );
  await postMessage(ctx, students[0]!, direct.id, 'bonsoir');
  await Promise.all(readers.map((reader) => reader.waitFor('message', 1)));

  // A grace far longer than the test: a stream left open would hold the stop past its timeout.
  await closeHttpServer(ctx.app, 600_000);
  await Promise.all(readers.map((reader) => reader.waitClosed(1_000)));
  expect(readers.map((reader) => reader.isClosed())).toEqual([true, true]);
  expect(readers.map((reader) => reader.messages())).toEqual([['bonsoir'], ['bonsoir']]);
});

import { Privacy } from '@plateau/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres, type DatabaseHandle } from '../../db/client.ts';
import { postDirect } from '../../test/directs.ts';
import { testDatabaseKind, useTestApp, type TestUser } from '../../test/harness.ts';
import { adminUrl } from '../../test/test-env.ts';
import { openChatEvents, postMessage } from './chat.test-support.ts';

/**
 * Two instances of Plateau on one PostgreSQL database: a reader on one sees, in order and
 * once, what is written through both (messages travel through LISTEN/NOTIFY).
 */
describe.skipIf(testDatabaseKind !== 'postgres')('the chat across two instances', () => {
  const ctx = useTestApp();
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDatabase: DatabaseHandle;
  let base: string;
  let geek: TestUser;

  beforeAll(async () => {
    // The first instance's database, opened a second time by the second instance.
    const name = (await ctx.database.query<{ name: string }>('select current_database() as name'))
      .rows[0]!.name;
    const shared = new URL(adminUrl());
    shared.pathname = `/${name}`;
    secondDatabase = openPostgres(shared.toString());
    second = await buildApp({ config: ctx.config, database: secondDatabase, storage: ctx.storage });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    geek = await ctx.createUser('geek');
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });

  it('gives a reader on one instance every message written through either, in order, once', async () => {
    const direct = await postDirect(ctx, geek, {
      title: 'Match',
      privacy: Privacy.Public,
      chat: true,
    });
    const reader = await openChatEvents(base, direct.id, { after: 0 });
    await reader.waitFor('state');
    const writers = await Promise.all([1, 2, 3, 4].map(() => ctx.createUser('user')));
    // Written at once through both instances: 4 accounts, 4 messages each.
    const sent = await Promise.all(
      writers.flatMap((writer, w) =>
        [0, 1, 2, 3].map(async (n) => {
          const through = (w + n) % 2 === 0 ? ctx.app : second;
          const response = await postMessage(
            { app: through } as never,
            writer,
            direct.id,
            `${w}-${n}`,
          );
          expect(response.statusCode, response.body).toBe(201);
          return response.json().id as number;
        }),
      ),
    );
    await reader.waitFor('message', sent.length, 5_000);
    const ids = reader.events.filter((e) => e.event === 'message').map((e) => Number(e.id));
    expect(ids).toEqual([...sent].sort((a, b) => a - b));
    await reader.close();
  });
});

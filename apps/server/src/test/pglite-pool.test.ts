import { describe, expect, inject, it } from 'vitest';
import { testDatabaseKind } from './harness.ts';
import { openPooledPglite } from './pglite-pool.ts';

const open = () => openPooledPglite(inject('pgliteTemplate'));

const usernames = async (database: Awaited<ReturnType<typeof open>>) =>
  (await database.query<{ username: string }>('SELECT username FROM users')).rows;

describe.runIf(testDatabaseKind === 'pglite')("the test files' PGlite, handed on", () => {
  it('gives the next file the template again: rows, ids, queues and session as they were', async () => {
    const first = await open();
    const templateQueues = await first.query<{ name: string }>(
      'SELECT name FROM pgboss.queue ORDER BY name',
    );
    expect(templateQueues.rows.length).toBeGreaterThan(0);
    const [{ id: firstId }] = (
      await first.query<{ id: number }>(
        "INSERT INTO users (username, role) VALUES ('ada', 'user') RETURNING id",
      )
    ).rows as [{ id: number }];
    await first.query("INSERT INTO users (username, role) VALUES ('grace', 'plateau')");
    await first.query('SELECT pgboss.create_queue(\'only-here\', \'{"policy": "standard"}\')');
    const zone = (await first.query('SHOW TIME ZONE')).rows;
    await first.query("SET TIME ZONE 'Asia/Kathmandu'");
    await first.query('CREATE TEMPORARY TABLE scratch (n int)');
    const heard: string[] = [];
    await first.listen('pool_test', (payload) => heard.push(payload));
    const client = first.pglite;
    await first.close();

    const next = await open();
    expect(next.pglite).toBe(client);
    expect(await usernames(next)).toEqual([]);
    const [{ id }] = (
      await next.query<{ id: number }>(
        "INSERT INTO users (username, role) VALUES ('linus', 'user') RETURNING id",
      )
    ).rows as [{ id: number }];
    expect(id).toBe(firstId);
    expect((await next.query('SELECT name FROM pgboss.queue ORDER BY name')).rows).toEqual(
      templateQueues.rows,
    );
    expect((await next.query('SHOW TIME ZONE')).rows).toEqual(zone);
    await expect(next.query('SELECT * FROM scratch')).rejects.toThrow(/scratch/);
    // The previous file's listener is gone: only this file's own hears the channel.
    const heardNext: string[] = [];
    await next.listen('pool_test', (payload) => heardNext.push(payload));
    await next.query("NOTIFY pool_test, 'after'");
    await expect.poll(() => heardNext).toEqual(['after']);
    expect(heard).toEqual([]);
    await next.close();
  });

  it('opens a fresh database after a file that changed a table or left a transaction open', async () => {
    const first = await open();
    await first.query('ALTER TABLE users ADD COLUMN nickname text');
    const changed = first.pglite;
    await first.close();
    const second = await open();
    expect(second.pglite).not.toBe(changed);
    expect(changed?.closed).toBe(true);
    await expect(second.query('SELECT nickname FROM users')).rejects.toThrow(/nickname/);
    const open_ = second.pglite!;
    await open_.exec('BEGIN');
    await open_.exec("INSERT INTO users (username, role) VALUES ('half', 'user')");
    await second.close();
    const third = await open();
    expect(third.pglite).not.toBe(open_);
    expect(await usernames(third)).toEqual([]);
    await third.close();
  });
});

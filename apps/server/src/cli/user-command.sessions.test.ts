import { describe, expect, it } from 'vitest';
import { createUsersService } from '../modules/users/users.service.ts';
import { useTestApp } from '../test/harness.ts';
import { parseUserCommand, runUserCommand } from './user-command.ts';

const ctx = useTestApp();

/** `npm run user -- <argv>`, run in this process against the test database. */
const userCommand = (argv: string[]) => {
  const command = parseUserCommand(argv);
  if (command.kind === 'help') throw new Error('not a command');
  return runUserCommand(createUsersService(ctx.database.db), command);
};

const tags = (auth: Record<string, string>) => ctx.app.inject({ url: '/api/tags', headers: auth });

describe('npm run user revokes sessions like the API', () => {
  it('set --password and a demotion refuse earlier tokens; a GDA change does not', async () => {
    const member = await ctx.createUser('plateau');
    await userCommand(['set', member.username, '--gda']);
    expect((await tags(member.auth)).statusCode).toBe(200);

    await userCommand(['set', member.username, '--password', 'un-nouveau-secret']);
    expect((await tags(member.auth)).statusCode).toBe(401);

    const geek = await ctx.createUser('geek');
    await ctx.createUser('geek'); // so that the first is not the last geek
    await userCommand(['set', geek.username, '--role', 'plateau']);
    expect((await tags(geek.auth)).statusCode).toBe(401);
  });

  it('remove refuses the token of the removed account', async () => {
    const account = await ctx.createUser('user');
    await userCommand(['remove', account.username]);
    expect((await tags(account.auth)).statusCode).toBe(401);
  });
});

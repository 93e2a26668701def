import { describe, expect, it } from 'vitest';
import { parseUserCommand, UsageError } from './user-command.ts';

describe('parseUserCommand', () => {
  it('reads add, set, list, remove and help', () => {
    expect(
      parseUserCommand(['add', 'alice', '--role', 'plateau', '--password', 's3cretpass', '--gda']),
    ).toEqual({
      kind: 'add',
      body: { username: 'alice', password: 's3cretpass', role: 'plateau', gda_access: true },
      generatedPassword: false,
    });
    const generated = parseUserCommand(['add', 'bob', '--role', 'user']);
    expect(generated).toMatchObject({ kind: 'add', generatedPassword: true });
    expect(generated.kind === 'add' && generated.body.password).toMatch(/^\S{16}$/);
    expect(
      parseUserCommand([
        'set',
        'alice',
        '--role',
        'geek',
        '--no-gda',
        '--password',
        'autre-secret',
      ]),
    ).toEqual({
      kind: 'set',
      username: 'alice',
      body: { role: 'geek', gda_access: false, password: 'autre-secret' },
    });
    expect(parseUserCommand(['set', 'alice', '--rename', 'alice.b'])).toEqual({
      kind: 'set',
      username: 'alice',
      body: { username: 'alice.b' },
    });
    expect(parseUserCommand(['list'])).toEqual({ kind: 'list' });
    expect(parseUserCommand(['remove', 'alice'])).toEqual({ kind: 'remove', username: 'alice' });
    expect(parseUserCommand(['link', 'alice', '--subject', 'etu-4821'])).toEqual({
      kind: 'link',
      username: 'alice',
      body: { subject: 'etu-4821' },
    });
    expect(parseUserCommand(['unlink', 'alice'])).toEqual({ kind: 'unlink', username: 'alice' });
    expect(parseUserCommand(['--help'])).toEqual({ kind: 'help' });
  });

  it('refuses bad arguments with a UsageError naming the problem', () => {
    const cases: [string[], RegExp][] = [
      [[], /missing command/],
      [['frob'], /unknown command "frob"/],
      [['add'], /needs a username/],
      [['add', 'carla'], /needs --role/],
      [['add', 'carla', '--role', 'admin'], /--role must be one of user, plateau, geek/],
      [['add', 'carla', '--role', 'user', '--password', 'court'], /password/],
      [['add', 'carla avec espace', '--role', 'user'], /username/],
      [['add', 'carla', '--role', 'user', '--rename', 'x'], /--rename/],
      [['set', 'carla'], /something to change/],
      [['set', 'carla', '--rename', ''], /username/],
      [['list', 'extra'], /unexpected argument/],
      [['list', '--role', 'geek'], /--role/],
      [['remove'], /needs a username/],
      [['remove', 'a', 'b'], /unexpected argument "b"/],
      [['list', '--bogus'], /bogus/],
      [['add', 'carla', '--role'], /role/],
      [['link', 'carla'], /link needs --subject/],
      [['link'], /link needs a username/],
      [['link', 'carla', '--subject', ''], /subject/],
      [['link', 'carla', '--subject', 'x', '--role', 'user'], /--role/],
      [['unlink'], /unlink needs a username/],
      [['unlink', 'carla', '--subject', 'x'], /--subject/],
      [['add', 'carla', '--role', 'user', '--subject', 'x'], /--subject/],
    ];
    for (const [args, message] of cases) {
      expect(() => parseUserCommand(args), args.join(' ')).toThrow(UsageError);
      expect(() => parseUserCommand(args), args.join(' ')).toThrow(message);
    }
  });
});

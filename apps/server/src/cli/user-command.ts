import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Ajv } from 'ajv';
import {
  MAX_PAGE_SIZE,
  NewUserBody,
  roles,
  SsoLinkBody,
  UpdateUserBody,
  type Role,
  type User,
} from '@plateau/contract';
import { HttpError } from '../lib/errors.ts';
import {
  consoleOperator,
  createUsersService,
  type UsersService,
} from '../modules/users/users.service.ts';

export const usage = [
  'usage: npm run user -- add <username> --role <user|plateau|geek> [--password <password>] [--gda]',
  '       npm run user -- set <username> [--role <role>] [--password <password>] [--gda|--no-gda] [--rename <new-username>]',
  '       npm run user -- list',
  '       npm run user -- remove <username>',
  '       npm run user -- link <username> --subject <sub at the single sign-on provider>',
  '       npm run user -- unlink <username>',
].join('\n');

/** Arguments the command cannot run with: the caller prints the usage and exits 2. */
export class UsageError extends Error {}

export type UserCommand =
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'add'; body: NewUserBody; generatedPassword: boolean }
  | { kind: 'set'; username: string; body: UpdateUserBody }
  | { kind: 'remove'; username: string }
  | { kind: 'link'; username: string; body: SsoLinkBody }
  | { kind: 'unlink'; username: string };

// The API's own schemas, so the console accepts exactly what the API accepts.
const ajv = new Ajv({ strict: false });
const checkNewUser = ajv.compile(NewUserBody);
const checkUpdate = ajv.compile(UpdateUserBody);
const checkLink = ajv.compile(SsoLinkBody);

const validate = <T>(check: ReturnType<typeof ajv.compile>, body: T): T => {
  if (check(body)) return body;
  const issue = check.errors?.[0];
  const field = issue?.instancePath.replace(/^\//, '').replace('gda_access', 'gda') || 'arguments';
  throw new UsageError(`invalid ${field}: ${issue?.message ?? 'bad value'}`);
};

const parse = (argv: string[]) => {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      allowNegative: true,
      options: {
        role: { type: 'string' },
        password: { type: 'string' },
        gda: { type: 'boolean' },
        rename: { type: 'string' },
        subject: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
};

export const parseUserCommand = (argv: string[]): UserCommand => {
  const { values, positionals } = parse(argv);
  if (values.role !== undefined && !roles.includes(values.role as Role)) {
    throw new UsageError(`--role must be one of ${roles.join(', ')}`);
  }
  const [verb, username, ...extra] = positionals;
  if (values.help || verb === 'help') return { kind: 'help' };
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const rejectOptions = (...names: (keyof typeof values)[]) => {
    const given = names.find((name) => values[name] !== undefined);
    if (given) throw new UsageError(`--${given} does not apply to "${verb}"`);
  };
  switch (verb) {
    case 'list':
      if (username !== undefined) throw new UsageError(`unexpected argument "${username}"`);
      rejectOptions('role', 'password', 'gda', 'rename', 'subject');
      return { kind: 'list' };
    case 'remove':
    case 'unlink':
      if (!username) throw new UsageError(`${verb} needs a username`);
      rejectOptions('role', 'password', 'gda', 'rename', 'subject');
      return { kind: verb, username };
    case 'link': {
      if (!username) throw new UsageError('link needs a username');
      if (values.subject === undefined) throw new UsageError('link needs --subject');
      rejectOptions('role', 'password', 'gda', 'rename');
      return { kind: 'link', username, body: validate(checkLink, { subject: values.subject }) };
    }
    case 'add': {
      if (!username) throw new UsageError('add needs a username');
      if (!values.role) throw new UsageError('add needs --role');
      rejectOptions('rename', 'subject');
      const password = values.password ?? randomBytes(12).toString('base64url');
      const body = {
        username,
        password,
        role: values.role as Role,
        gda_access: values.gda ?? false,
      };
      return {
        kind: 'add',
        body: validate(checkNewUser, body),
        generatedPassword: values.password === undefined,
      };
    }
    case 'set': {
      if (!username) throw new UsageError('set needs a username');
      rejectOptions('subject');
      const body: UpdateUserBody = {
        ...(values.rename !== undefined && { username: values.rename }),
        ...(values.password !== undefined && { password: values.password }),
        ...(values.role !== undefined && { role: values.role as Role }),
        ...(values.gda !== undefined && { gda_access: values.gda }),
      };
      if (Object.keys(body).length === 0) throw new UsageError('set needs something to change');
      return { kind: 'set', username, body: validate(checkUpdate, body) };
    }
    default:
      throw new UsageError(verb ? `unknown command "${verb}"` : 'missing command');
  }
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

const describe = (user: User) =>
  `"${user.username}" (id ${user.id}, role ${user.role}, GDA access ${yesNo(user.gdaAccess)})`;

const table = (users: User[]) => {
  const rows = [
    ['id', 'username', 'role', 'gda', 'sso', 'last login'],
    ...users.map((u) => [
      String(u.id),
      u.username,
      u.role,
      yesNo(u.gdaAccess),
      u.ssoSubject ?? 'no',
      u.lastLoginAt ?? 'never',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
};

/** Runs one command as the console operator; answers the lines to print. */
export const runUserCommand = async (
  users: UsersService,
  command: Exclude<UserCommand, { kind: 'help' }>,
): Promise<string[]> => {
  switch (command.kind) {
    case 'list': {
      const all: User[] = [];
      for (let page = 1; ; page++) {
        const result = await users.list(consoleOperator, { page, page_size: MAX_PAGE_SIZE });
        all.push(...result.users);
        if (all.length >= result.nResults || result.users.length === 0) break;
      }
      return all.length === 0 ? ['No accounts.'] : table(all);
    }
    case 'add': {
      const user = await users.create(consoleOperator, command.body);
      const lines = [`Created account ${describe(user)}.`];
      if (command.generatedPassword) lines.push(`Password (shown once): ${command.body.password}`);
      return lines;
    }
    case 'set': {
      const { id } = await users.getByUsername(consoleOperator, command.username);
      const user = await users.update(consoleOperator, id, command.body);
      const password = command.body.password !== undefined ? ', password changed' : '';
      return [`Updated account ${describe(user)}${password}.`];
    }
    case 'remove': {
      const user = await users.getByUsername(consoleOperator, command.username);
      await users.remove(consoleOperator, user.id);
      return [`Removed account "${user.username}" (id ${user.id}).`];
    }
    case 'link': {
      const { id } = await users.getByUsername(consoleOperator, command.username);
      const user = await users.linkIdentity(consoleOperator, id, command.body.subject);
      return [`Linked account ${describe(user)} to the school account "${user.ssoSubject}".`];
    }
    case 'unlink': {
      const { id } = await users.getByUsername(consoleOperator, command.username);
      const user = await users.unlinkIdentity(consoleOperator, id);
      return [`Account ${describe(user)} signs in with its password only.`];
    }
  }
};

/** Where the command writes: the console for `npm run user`, a buffer in tests. */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

/** The users service on an open database, and how to let the database go. */
export interface UsersConnection {
  users: UsersService;
  close(): Promise<void>;
}

/** The configured database (DATA_DIR or DATABASE_URL), migrated, with its users service. */
export const openUsers = async (env: NodeJS.ProcessEnv = process.env): Promise<UsersConnection> => {
  // Loaded only when a command needs them, so a usage error answers at once.
  const { loadConfig } = await import('../config.ts');
  const { openDatabase } = await import('../db/client.ts');
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    users: createUsersService(database.db, { ssoIssuer: config.sso?.issuer }),
    close: () => database.close(),
  };
};

/**
 * The whole `npm run user` command in-process: parse, connect, run, print. Answers the exit
 * code: 0 done, 1 refused (an HttpError's message) or unable to start, 2 bad arguments.
 */
export const runUserCli = async (
  argv: string[],
  output: CommandOutput,
  connect: () => Promise<UsersConnection> = openUsers,
): Promise<number> => {
  let command: UserCommand;
  try {
    command = parseUserCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`error: ${error.message}\n${usage}`);
    return 2;
  }
  if (command.kind === 'help') {
    output.out(usage);
    return 0;
  }

  let connection: UsersConnection;
  try {
    connection = await connect();
  } catch (error) {
    const { startupProblem } = await import('../startup.ts');
    const problem = startupProblem(error);
    if (problem === undefined) throw error;
    output.err(problem);
    return 1;
  }
  try {
    const lines = await runUserCommand(connection.users, command);
    output.out(lines.join('\n'));
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    output.err(`error: ${error.message}`);
    return 1;
  } finally {
    await connection.close();
  }
};

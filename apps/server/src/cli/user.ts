/**
 * `npm run user -- add|set|list|remove ...`: account management from the server's console,
 * through the same service as the geek-only API.
 */
import type { DatabaseHandle } from '../db/client.ts';
import { HttpError } from '../lib/errors.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import {
  parseUserCommand,
  runUserCommand,
  usage,
  UsageError,
  type UserCommand,
} from './user-command.ts';

const main = async (argv: string[]): Promise<number> => {
  let command: UserCommand;
  try {
    command = parseUserCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`error: ${error.message}\n${usage}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(usage);
    return 0;
  }

  // Loaded only now, so a usage error answers at once.
  const { loadConfig } = await import('../config.ts');
  const { openDatabase } = await import('../db/client.ts');
  const { startupProblem } = await import('../startup.ts');
  let database: DatabaseHandle;
  try {
    database = await openDatabase(loadConfig());
  } catch (error) {
    const problem = startupProblem(error);
    if (problem === undefined) throw error;
    console.error(problem);
    return 1;
  }
  try {
    await database.migrate();
    const lines = await runUserCommand(createUsersService(database.db), command);
    console.log(lines.join('\n'));
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    console.error(`error: ${error.message}`);
    return 1;
  } finally {
    await database.close();
  }
};

process.exitCode = await main(process.argv.slice(2));

/**
 * `npm run user -- add|set|list|remove|link|unlink ...`: account management from the server's console,
 * through the same service as the geek-only API (the command itself is in user-command.ts).
 */
import { runUserCli } from './user-command.ts';

process.exitCode = await runUserCli(process.argv.slice(2), {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});

/**
 * `npm run demo`: fills an empty Plateau with French demo content through its real API and
 * encoder, then prints the accounts (the command itself is in demo-command.ts).
 */
import { loadConfigOrExit } from '../../startup.ts';
import { runDemo } from './demo-command.ts';

const code = await runDemo(loadConfigOrExit(), {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});
// Everything it opened is closed by now; nothing else is to wait for.
process.exit(code);

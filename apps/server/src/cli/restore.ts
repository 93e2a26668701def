/** `npm run restore -- --from DIR` (the command is in backup-command.ts). */
import { loadConfigOrExit } from '../startup.ts';
import { runRestoreCli } from './backup-command.ts';

process.exitCode = await runRestoreCli(
  process.argv.slice(2),
  () => loadConfigOrExit({ readOnly: true }),
  {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  },
);

/** `npm run backup -- --to DIR | --verify DIR` (the command is in backup-command.ts). */
import { loadConfigOrExit } from '../startup.ts';
import { runBackupCli } from './backup-command.ts';

process.exitCode = await runBackupCli(
  process.argv.slice(2),
  () => loadConfigOrExit({ readOnly: true }),
  {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  },
);

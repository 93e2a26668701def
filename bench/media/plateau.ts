import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningPlateau {
  pid: number;
  origin: string;
  stop(): Promise<void>;
}

/**
 * The compiled server (`apps/server/dist/main.js`), as a process manager runs it; `nodeArgs`
 * before the script (V8 flags such as --max-semi-space-size).
 */
export const startPlateau = async (
  env: Record<string, string>,
  nodeArgs: string[] = [],
  /** Where its log lines go once it runs (a file), rather than read and dropped. */
  logFile?: string,
): Promise<RunningPlateau> => {
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (output !== null) output += chunk.toString();
      if (output.includes('Plateau is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`Plateau exited (${code}):\n${output}`)));
  });
  await ready;
  // Its request logs (LOG_LEVEL info by default) are read and dropped, as a journal would take them.
  output = '';
  child.stdout!.removeAllListeners('data');
  if (logFile) child.stdout!.pipe(createWriteStream(logFile));
  else child.stdout!.resume();
  return {
    pid: child.pid!,
    origin: `http://127.0.0.1:${env.PORT}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
};

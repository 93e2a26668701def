import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A load generator or a bare server of a benchmark, in a process of its own so the server's
 * CPU time is its own: `file` resolved against `base` (the caller's `import.meta.url`).
 */
export const forkChild = (file: string, base: string) =>
  fork(fileURLToPath(new URL(file, base)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

/** Sends `job` (if any) and answers the child's next message; `{ error }` rejects. */
export const ask = <T>(child: ChildProcess, job?: unknown) =>
  new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message: T | { error: string }) => {
      child.off('exit', onExit);
      if (message && typeof message === 'object' && 'error' in message)
        reject(new Error(message.error));
      else resolve(message as T);
    });
    if (job !== undefined) child.send(job as object);
  });

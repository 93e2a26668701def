import { open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The machine for one test file at a time, across the run's processes: what a test measures in
 * real time (a live's latency, a REDIFF's length) is only what it says when no other live runs
 * beside it on the 2 cores. A lock file under the system's temporary folder, taken over from a
 * process that is gone. Resolves with its release.
 */
export const holdMachine = async (name: string): Promise<() => Promise<void>> => {
  const file = path.join(os.tmpdir(), `plateau-test-${name}.lock`);
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(file, 'utf8').catch(() => ''));
    if (holder > 0 && !alive(holder)) {
      await rm(file, { force: true });
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

/** Long enough for the longest holder (the e2e live scenarios, 3.5 min in a full run). */
export const MACHINE_WAIT_MS = 600_000;

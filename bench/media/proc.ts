import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The fields of a /proc stat file after the command name (which may hold spaces). */
const statFields = (pid: number, file = `/proc/${pid}/stat`) => {
  const text = readFileSync(file, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};

// utime and stime are fields 14 and 15 of stat; here state is field 3, at index 0.
const cpuOf = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;

/** User + system CPU seconds of a process, every thread included. */
export const cpuSeconds = (pid: number): number => cpuOf(statFields(pid));

/**
 * A process's CPU seconds on its main thread (JavaScript) and on its others (V8's garbage
 * collector and compiler, libuv's pool).
 */
export const threadsCpuSeconds = (pid: number): { main: number; others: number } => {
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const seconds = cpuOf(statFields(pid, `/proc/${pid}/task/${tid}/stat`));
      if (Number(tid) === pid) main += seconds;
      else others += seconds;
    } catch {
      // ended meanwhile
    }
  }
  return { main, others };
};

export const childPids = (parent: number): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return Number(statFields(pid)[1]) === parent;
      } catch {
        return false;
      }
    });

/** Resident memory in MB (VmRSS), and its peak so far (VmHWM). */
export const memoryMb = (pid: number): { rss: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};

export const loadAverage = () =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The highest RSS of `pid`, sampled every 100 ms while `work` runs (peak reset first). */
export const peakRssDuring = async <T>(pid: number, work: Promise<T>) => {
  let peak = memoryMb(pid).rss;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, memoryMb(pid).rss);
      await sleep(100);
    }
  })();
  try {
    return { value: await work, peakMb: peak };
  } finally {
    done = true;
    await sampling;
    peak = Math.max(peak, memoryMb(pid).rss);
  }
};

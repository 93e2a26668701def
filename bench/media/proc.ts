import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The fields of /proc/PID/stat after the command name (which may hold spaces). */
const statFields = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};

/** User + system CPU seconds of a process, every thread included. */
export const cpuSeconds = (pid: number): number => {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of stat; here state is field 3, at index 0.
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
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

import { readdir, readFile } from 'node:fs/promises';

export interface ProcessInfo {
  pid: number;
  /** The executable's name as the kernel keeps it (`ffmpeg`, `sh`, `node`). */
  command: string;
}

/** `pid`'s command, state letter and parent, from /proc (Linux), or null once it is reaped. */
const readStat = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the last ")".
  const close = stat.lastIndexOf(')');
  const [state, ppid] = stat.slice(close + 2).split(' ');
  return { command: stat.slice(stat.indexOf('(') + 1, close), state, ppid: Number(ppid) };
};

/** True while `pid` runs (a zombie waiting to be reaped no longer does). */
export const isRunning = async (pid: number): Promise<boolean> => {
  const stat = await readStat(pid);
  return stat !== null && stat.state !== 'Z' && stat.state !== 'X';
};

/** The running children of `parentPid`. */
export const childProcesses = async (parentPid: number): Promise<ProcessInfo[]> => {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const children: ProcessInfo[] = [];
  for (const pid of pids) {
    const stat = await readStat(pid);
    if (stat && stat.ppid === parentPid && stat.state !== 'Z' && stat.state !== 'X') {
      children.push({ pid, command: stat.command });
    }
  }
  return children;
};

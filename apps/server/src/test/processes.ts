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
  const [state, ppid, pgrp] = stat.slice(close + 2).split(' ');
  return {
    command: stat.slice(stat.indexOf('(') + 1, close),
    state,
    ppid: Number(ppid),
    pgrp: Number(pgrp),
  };
};

const running = (stat: Awaited<ReturnType<typeof readStat>>): stat is NonNullable<typeof stat> =>
  stat !== null && stat.state !== 'Z' && stat.state !== 'X';

/** Every running process, read from /proc. */
const allProcesses = async () => {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const found: (ProcessInfo & { ppid: number; pgrp: number })[] = [];
  for (const pid of pids) {
    const stat = await readStat(pid);
    if (running(stat)) found.push({ pid, command: stat.command, ppid: stat.ppid, pgrp: stat.pgrp });
  }
  return found;
};

/** True while `pid` runs (a zombie waiting to be reaped no longer does). */
export const isRunning = async (pid: number): Promise<boolean> => running(await readStat(pid));

/** The running children of `parentPid`. */
export const childProcesses = async (parentPid: number): Promise<ProcessInfo[]> =>
  (await allProcesses())
    .filter((found) => found.ppid === parentPid)
    .map(({ pid, command }) => ({ pid, command }));

/** The running members of process group `groupId`, re-parented orphans included. */
export const processGroup = async (groupId: number): Promise<ProcessInfo[]> =>
  (await allProcesses())
    .filter((found) => found.pgrp === groupId)
    .map(({ pid, command }) => ({ pid, command }));

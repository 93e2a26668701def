import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { childPids, cpuSeconds } from '../media/proc.ts';

/** Every process this benchmark started itself, so that none outlives it. */
const started = new Set<ChildProcess>();

export interface Tracked {
  child: ChildProcess;
  /** The last lines it wrote on stderr (ffmpeg's errors). */
  stderr(): string;
  /** Asks it to stop (`signal`, SIGINT by default: ffmpeg closes its files), then kills it. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export const spawnTracked = (command: string, args: string[]): Tracked => {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  started.add(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  child.once('exit', () => started.delete(child));
  return {
    child,
    stderr: () => stderr,
    async stop(signal = 'SIGINT', graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
};

/** Kills what is left of the benchmark's own children (on an error or Ctrl-C). */
export const killStarted = () => {
  for (const child of started) child.kill('SIGKILL');
  started.clear();
};

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
};

/** ffmpeg processes whose command line names `marker` (the benchmark's scratch folder). */
export const ffmpegNaming = (marker: string): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const command = commandOf(pid);
      return /ffmpeg$/.test(command[0] ?? '') && command.some((arg) => arg.includes(marker));
    });

/** CPU seconds of a process and, apart, of each of its children that is an ffmpeg. */
const treeCpu = (pid: number) => {
  const children = new Map<number, number>();
  for (const child of childPids(pid)) {
    if (!/ffmpeg$/.test(commandOf(child)[0] ?? '')) continue;
    try {
      children.set(child, cpuSeconds(child));
    } catch {
      // gone between the listing and the read
    }
  }
  return { own: cpuSeconds(pid), children };
};

export interface CpuWindow {
  seconds: number;
  /** CPU seconds per minute of wall time, of the process itself. */
  ownPerMinute: number;
  /** The same for its ffmpeg children alive at both ends of the window (summed). */
  childrenPerMinute: number;
  /** How many ffmpeg children were counted. */
  children: number;
}

/** Starts a window on `pid` and its ffmpeg children; the function it answers closes it. */
export const cpuWindow = (pid: number) => {
  const before = treeCpu(pid);
  const startedAt = performance.now();
  return (): CpuWindow => {
    const after = treeCpu(pid);
    const wall = (performance.now() - startedAt) / 1000;
    let children = 0;
    let childCpu = 0;
    for (const [child, cpu] of after.children) {
      const was = before.children.get(child);
      if (was === undefined) continue;
      children += 1;
      childCpu += cpu - was;
    }
    return {
      seconds: wall,
      ownPerMinute: ((after.own - before.own) * 60) / wall,
      childrenPerMinute: (childCpu * 60) / wall,
      children,
    };
  };
};

/** Measures `pid` and its ffmpeg children over `seconds`. */
export const measureCpu = async (pid: number, seconds: number): Promise<CpuWindow> => {
  const end = cpuWindow(pid);
  await sleep(seconds * 1000);
  return end();
};

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { childProcesses, isRunning } from '../test/processes.ts';
import { FfmpegAbortedError, FfmpegError, runFfmpeg } from './ffmpeg-runner.ts';

const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const lavfi = (seconds: number) => [
  '-hide_banner',
  '-nostdin',
  '-loglevel',
  'error',
  '-progress',
  'pipe:1',
  '-nostats',
  '-re',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=160x120:rate=25:duration=${seconds}`,
  '-f',
  'null',
  '-',
];

describe('runFfmpeg (real ffmpeg)', () => {
  it('reports rising progress and resolves on success', async () => {
    const seen: number[] = [];
    await runFfmpeg(ffmpeg, lavfi(2), { durationSeconds: 2, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(Math.max(...seen)).toBeLessThanOrEqual(99);
    expect(await childProcesses(process.pid)).toEqual([]);
  });

  it("rejects with ffmpeg's last error line", async () => {
    const error = await runFfmpeg(ffmpeg, ['-hide_banner', '-i', '/nonexistent/raw.mp4']).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as Error).message).toContain('No such file or directory');
  });

  it('says when ffmpeg could not write for lack of space (ENOSPC, from /dev/full)', async () => {
    const toDevFull = [...lavfi(1).slice(0, -3), '-y', '-f', 'mp4', '/dev/full'];
    const full = await runFfmpeg(ffmpeg, toDevFull).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(FfmpegError);
    expect((full as FfmpegError).diskFull).toBe(true);
    const missing = await runFfmpeg(ffmpeg, ['-hide_banner', '-i', '/nonexistent/raw.mp4']).catch(
      (e: unknown) => e,
    );
    expect((missing as FfmpegError).diskFull).toBe(false);
  });

  it('kills the child when aborted, leaving nothing running', async () => {
    const controller = new AbortController();
    let running: Awaited<ReturnType<typeof childProcesses>> | undefined;
    const run = runFfmpeg(ffmpeg, lavfi(600), {
      durationSeconds: 600,
      signal: controller.signal,
      onProgress: () => {
        if (running) return;
        running = [];
        // ffmpeg and its watchdog, seen while encoding, before the abort.
        void childProcesses(process.pid).then((children) => {
          running = children;
          controller.abort();
        });
      },
    });
    await expect(run).rejects.toBeInstanceOf(FfmpegAbortedError);
    expect(running!.map((child) => child.command).sort()).toEqual(['ffmpeg', 'sh']);
    expect(await childProcesses(process.pid)).toEqual([]);
  });

  it('dies with its parent process, even one killed by SIGKILL', async () => {
    const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ffmpeg-runner.ts');
    const script = `import { runFfmpeg } from ${JSON.stringify(runner)};
      await runFfmpeg(${JSON.stringify(ffmpeg)}, ${JSON.stringify(lavfi(600))}, {
        durationSeconds: 600, onProgress: () => console.log('encoding'),
      });`;
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    try {
      await new Promise((resolve) => parent.stdout!.once('data', resolve));
      const encoder = (await childProcesses(parent.pid!)).find((c) => c.command === 'ffmpeg');
      expect(encoder).toBeDefined();

      parent.kill('SIGKILL');
      await exited;
      await vi.waitFor(async () => expect(await isRunning(encoder!.pid)).toBe(false), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      parent.kill('SIGKILL');
    }
  });
});

import { describe, expect, it } from 'vitest';
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
  });

  it("rejects with ffmpeg's last error line", async () => {
    const error = await runFfmpeg(ffmpeg, ['-hide_banner', '-i', '/nonexistent/raw.mp4']).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as Error).message).toContain('No such file or directory');
  });

  it('kills the child when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = runFfmpeg(ffmpeg, lavfi(60), {
      durationSeconds: 60,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toBeInstanceOf(FfmpegAbortedError);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

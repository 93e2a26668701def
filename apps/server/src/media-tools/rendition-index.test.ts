import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage/media-storage.ts';
import { testTmpDir } from '../test/test-env.ts';
import { writeRenditionIndex } from './rendition-index.ts';
import { FRAGMENTED_MOVFLAGS } from './tee-targets.ts';

const run = promisify(execFile);
const dir = path.join(testTmpDir, `rendition-index-${process.pid}`);
const storage = createLocalStorage(path.join(dir, 'media'));
const clip = path.join(dir, 'whole.mp4');

beforeAll(async () => {
  await mkdir(dir, { recursive: true });
  await run(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30:duration=5'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-g', '60', '-keyint_min', '60', '-sc_threshold', '0'],
    ...['-movflags', FRAGMENTED_MOVFLAGS, '-use_editlist', '1', '-f', 'mp4', clip],
  ]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeRenditionIndex', () => {
  it('indexes a whole rendition: its fragments, then only the muxer’s mfra box', async () => {
    const written = await writeRenditionIndex(storage, { rung: 240, file: clip }, '.json');
    const index = JSON.parse(await readFile(written, 'utf8')) as {
      file: { size: number };
      segments: [number, number][];
    };
    const [offset, length] = index.segments.at(-1)!;
    const { size } = await stat(clip);
    expect(index.file.size).toBe(size);
    const tail = (await readFile(clip)).subarray(offset + length);
    expect(tail.toString('latin1', 4, 8)).toBe('mfra');
    expect(tail.readUInt32BE(0)).toBe(tail.length);
  });

  it('refuses a rendition cut short (a disk full at the end of an encode)', async () => {
    const cut = path.join(dir, 'cut.mp4');
    await copyFile(clip, cut);
    await truncate(cut, (await stat(clip)).size - 1000);
    await expect(writeRenditionIndex(storage, { rung: 240, file: cut }, '.json')).rejects.toThrow(
      /covers \d+ bytes of a \d+-byte file/,
    );
    // Cut inside the mfra box only: the fragments are whole, but the file is not what was written.
    await copyFile(clip, cut);
    await truncate(cut, (await stat(clip)).size - 10);
    await expect(writeRenditionIndex(storage, { rung: 240, file: cut }, '.json')).rejects.toThrow(
      /covers \d+ bytes of a \d+-byte file/,
    );
  });
});

import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clipsDir, makeClip } from '../test/clips.ts';
import { testTmpDir } from '../test/test-env.ts';
import { buildEncodeArgs } from './encode-args.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { probeVideo } from './probe.ts';
import { teeTargets } from './tee-targets.ts';

const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH || 'ffprobe';

describe('teeTargets', () => {
  it('escapes every character of a path that ffmpeg could read as syntax', () => {
    expect(teeTargets(["/d/a b|c[d]'e\\f:g.mp4"], true)).toBe(
      "[f=mp4:movflags=+frag_keyframe+empty_moov+default_base_moof+global_sidx:use_editlist=1:onfail=abort:select=\\'v:0,a\\']" +
        "\\/d\\/a\\ b\\|c\\[d\\]\\'e\\\\f\\:g\\.mp4",
    );
    expect(teeTargets(['/a.mp4', '/b.mp4'], false)).toBe(
      "[f=mp4:movflags=+frag_keyframe+empty_moov+default_base_moof+global_sidx:use_editlist=1:onfail=abort:select=\\'v:0\\']\\/a\\.mp4|" +
        "[f=mp4:movflags=+frag_keyframe+empty_moov+default_base_moof+global_sidx:use_editlist=1:onfail=abort:select=\\'v:1\\']\\/b\\.mp4",
    );
  });

  it('lets real ffmpeg write every rung into a folder named with tee syntax', async () => {
    const clip = await makeClip(clipsDir, '360p');
    const dir = path.join(testTmpDir, `tee [a|b] 'c' d:e ${process.pid}`);
    await mkdir(dir, { recursive: true });
    try {
      const outputs = [
        { rung: 480 as const, file: path.join(dir, '480 [x].mp4') },
        { rung: 240 as const, file: path.join(dir, "240 'y'.mp4") },
      ];
      const source = {
        width: 640,
        height: 360,
        frameRate: 30,
        hasAudio: true,
        audioSampleRate: 48_000,
      };
      await runFfmpeg(ffmpeg, buildEncodeArgs(clip, source, outputs));
      const probes = await Promise.all(outputs.map((o) => probeVideo(ffprobe, o.file)));
      expect(probes.map((p) => [p?.height, p?.hasAudio])).toEqual([
        [480, true],
        [240, true],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { rediffJoinArgs, rediffPartList } from './rediff-args.ts';

describe('the REDIFF join', () => {
  it('copies the first video and audio of the parts listed, index first, with progress', () => {
    expect(rediffJoinArgs({ list: '/tmp/parts.txt', output: '/tmp/joined.mp4' })).toEqual([
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-progress',
      'pipe:1',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      '/tmp/parts.txt',
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-y',
      '/tmp/joined.mp4',
    ]);
  });

  it('lists each part on its line, a quote in a path escaped for the concat syntax', () => {
    expect(rediffPartList(['/data/lives/3/9/part-1.ts', "/d'ata/part-2.ts"])).toBe(
      "file '/data/lives/3/9/part-1.ts'\nfile '/d'\\''ata/part-2.ts'",
    );
  });
});

import { describe, expect, it } from 'vitest';
import { encodeOutputBytes } from './encode-size.ts';

const MiB = 1024 ** 2;

describe('encodeOutputBytes', () => {
  it('bounds the rungs by their caps and 128 kbit/s of sound each, whatever the source', () => {
    // 1080/720/480/240: 5000 + 2800 + 1400 + 400 kbit/s of video, 4 x 128 of sound, for 1 h.
    const hour = encodeOutputBytes({
      rungs: [1080, 720, 480, 240],
      durationSeconds: 3600,
      sourceBytes: 40 * 1024 ** 3,
    });
    expect(hour).toBe(Math.ceil(((10_112 * 1000) / 8) * 3600 * 1.05) + MiB);
    // A small source does not make a small encode: the same caps apply.
    expect(
      encodeOutputBytes({ rungs: [1080, 720, 480, 240], durationSeconds: 3600, sourceBytes: MiB }),
    ).toBe(hour);
  });

  it('counts only the planned rungs', () => {
    expect(encodeOutputBytes({ rungs: [240], durationSeconds: 100, sourceBytes: 0 })).toBe(
      Math.ceil(((528 * 1000) / 8) * 100 * 1.05) + MiB,
    );
  });

  it('takes 1.5 times the source when ffprobe found no duration', () => {
    expect(
      encodeOutputBytes({ rungs: [720, 480, 240], durationSeconds: 0, sourceBytes: 100 * MiB }),
    ).toBe(150 * MiB + MiB);
  });
});

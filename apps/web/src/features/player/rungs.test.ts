import { describe, expect, it } from 'vitest';
import { AUTO, chooseRungs, qualityLabel, startingQuality } from './rungs.ts';

describe('chooseRungs', () => {
  it('offers every spec resolution the video has, 1080 first and by default', () => {
    expect(chooseRungs({ processing: 3, rungs: [240, 480, 720, 1080] })).toEqual({
      offered: [1080, 720, 480, 240],
      initial: 1080,
    });
  });

  it('starts at the highest rung when there is no 1080', () => {
    expect(chooseRungs({ processing: 3, rungs: [720, 480, 240] })).toEqual({
      offered: [720, 480, 240],
      initial: 720,
    });
  });

  it('offers only 240 for a video encoded from a 360p source', () => {
    expect(chooseRungs({ processing: 3, rungs: [240] })).toEqual({ offered: [240], initial: 240 });
  });

  it('leaves out what the spec does not offer (raw, unknown sizes)', () => {
    expect(chooseRungs({ processing: 3, rungs: [0, 360, 480] }).offered).toEqual([480]);
  });

  it.each([0, 1, 2])('plays the raw upload with no selector at processing %i', (processing) => {
    expect(chooseRungs({ processing, rungs: [1080, 720] })).toEqual({ offered: [], initial: 0 });
  });
});

describe('startingQuality', () => {
  const full = chooseRungs({ processing: 3, rungs: [240, 480, 720, 1080] });
  const small = chooseRungs({ processing: 3, rungs: [240, 480] });

  it('starts in Auto until the person chooses a resolution', () => {
    expect(startingQuality(full, 'auto')).toBe(AUTO);
  });

  it('keeps a chosen resolution the video has', () => {
    expect(startingQuality(full, 720)).toBe(720);
  });

  it('takes the nearest rung below a choice the video lacks, else its lowest', () => {
    expect(startingQuality(small, 1080)).toBe(480);
    expect(startingQuality(chooseRungs({ processing: 3, rungs: [480] }), 240)).toBe(480);
  });

  it('plays the raw upload of an unpublished video whatever was chosen', () => {
    expect(startingQuality(chooseRungs({ processing: 1, rungs: [] }), 'auto')).toBe(0);
  });
});

describe('qualityLabel', () => {
  it('names Auto with the rung it plays once known', () => {
    expect(qualityLabel(AUTO, null)).toBe('Auto');
    expect(qualityLabel(AUTO, 720)).toBe('Auto (720p)');
    expect(qualityLabel(480, 720)).toBe('480p');
  });
});

import { describe, expect, it } from 'vitest';
import { chapterAt, chapterJump } from './chapters.ts';

const acts = [
  { start: 0, title: 'Accueil' },
  { start: 95.25, title: 'Acte I' },
  { start: 754, title: 'Acte II' },
];

describe('chapters in the player', () => {
  it('knows the chapter playing, none before the first', () => {
    expect(chapterAt(acts, 0)).toBe(0);
    expect(chapterAt(acts, 95.2)).toBe(0);
    expect(chapterAt(acts, 95.25)).toBe(1);
    expect(chapterAt(acts, 4000)).toBe(2);
    expect(chapterAt([{ start: 10, title: 'Plus tard' }], 5)).toBe(-1);
  });

  it('jumps to the next one, and back to the start of this one before the previous one', () => {
    expect(chapterJump(acts, 10, 1)).toBe(95.25);
    expect(chapterJump(acts, 800, 1)).toBeNull();
    // Well into Acte I: its own start first, then Accueil.
    expect(chapterJump(acts, 300, -1)).toBe(95.25);
    expect(chapterJump(acts, 96, -1)).toBe(0);
    expect(chapterJump(acts, 1, -1)).toBe(0);
    expect(chapterJump([], 10, 1)).toBeNull();
  });
});

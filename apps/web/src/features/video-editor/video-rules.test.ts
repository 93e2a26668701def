import { describe, expect, it } from 'vitest';
import { makeVideo } from '../../testing/videos.ts';
import { newVideoBody, updateVideoBody, videoFormOf, emptyVideoForm } from './video-form.ts';
import { previewRung, showsFeaturedPicker, trimRung } from './video-rules.ts';
import { showsGpaRestricted } from '../../lib/privacy.ts';
import { accessChoices, canChangeAccess } from '../../lib/video-access.ts';

describe('access choices (spec section 5)', () => {
  it('offers a geek all four levels and a member CS and Plateau', () => {
    expect(accessChoices('geek')).toEqual([0, 1, 2, 3]);
    expect(accessChoices('plateau')).toEqual([1, 2]);
  });

  it("keeps a video's current level among a member's choices so the select can show it", () => {
    expect(accessChoices('plateau', 0)).toEqual([0, 1, 2]);
    expect(accessChoices('plateau', 3)).toEqual([1, 2, 3]);
    expect(accessChoices('plateau', 2)).toEqual([1, 2]);
  });

  it('lets only a geek change the access of a public video', () => {
    expect(canChangeAccess('plateau', 0)).toBe(false);
    expect(canChangeAccess('geek', 0)).toBe(true);
    expect(canChangeAccess('plateau', 3)).toBe(true);
    expect(canChangeAccess('plateau', undefined)).toBe(true);
  });
});

describe('GDA-only box', () => {
  it('appears only with GDA access on Plateau-level videos', () => {
    expect(showsGpaRestricted(true, 2)).toBe(true);
    expect(showsGpaRestricted(false, 2)).toBe(false);
    expect([0, 1, 3].map((privacy) => showsGpaRestricted(true, privacy))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('is sent only when shown, so a hidden box never clears a stored restriction', () => {
    const values = { ...emptyVideoForm(), title: 'Gala', privacy: 2, gpaRestricted: true };
    expect(newVideoBody(values, true).gpa_restricted).toBe(true);
    expect(newVideoBody(values, false)).not.toHaveProperty('gpa_restricted');
    expect(newVideoBody({ ...values, privacy: 1 }, true)).not.toHaveProperty('gpa_restricted');
  });
});

describe('promotion', () => {
  it('goes as text in POST videos and as a number in PUT videos', () => {
    const values = { ...emptyVideoForm(), title: 'Gala' };
    expect(newVideoBody(values, false)).toMatchObject({ promotion: '-1', directId: '-1' });
    const video = makeVideo(4, { promotion: 2025, directId: 9 });
    expect(updateVideoBody(videoFormOf(video), video, false)).toMatchObject({
      promotion: 2025,
      direct_id: 9,
    });
  });
});

describe('the edit form', () => {
  it('keeps the stored instant when the day is unchanged, and sends a new day as typed', () => {
    const video = makeVideo(4, { date: '2026-03-14T18:30:00.000Z' });
    const values = videoFormOf(video);
    expect(values.date).toBe('2026-03-14');
    expect(updateVideoBody(values, video, false).date).toBe('2026-03-14T18:30:00.000Z');
    expect(updateVideoBody({ ...values, date: '2026-03-20' }, video, false).date).toBe(
      '2026-03-20',
    );
  });

  it('previews the raw upload before publication and the best rendition after', () => {
    expect(previewRung({ processing: 0, rungs: [] })).toBeNull();
    expect(previewRung({ processing: 1, rungs: [] })).toBe(0);
    expect(previewRung({ processing: 2, rungs: [] })).toBe(0);
    expect(previewRung({ processing: 3, rungs: [480, 240] })).toBe(480);
  });

  it("shows 'Mettre à la une' to a geek on a published video only", () => {
    expect(showsFeaturedPicker('geek', { processing: 3 })).toBe(true);
    expect(showsFeaturedPicker('geek', { processing: 1 })).toBe(false);
    expect(showsFeaturedPicker('plateau', { processing: 3 })).toBe(false);
  });
});

describe('« Montage »', () => {
  it('previews the smallest rendition of a published video, and is not offered before', () => {
    expect(trimRung(makeVideo(1, { rungs: [1080, 720, 240, 480] }))).toBe(240);
    expect(trimRung(makeVideo(1, { rungs: [0, 720] }))).toBe(720);
    expect(trimRung(makeVideo(1, { rungs: [] }))).toBeNull();
    expect(trimRung(makeVideo(1, { processing: 2, rungs: [480] }))).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { applyKeyAction, keyAction, type KeyTarget } from './keyboard.ts';

const on = <E extends HTMLElement>(element: E): E => {
  document.body.append(element);
  return element;
};

const press = (key: string, target: EventTarget | null = document.body, extra = {}) =>
  keyAction({ key, target, ...extra });

const stubMedia = (overrides: Partial<KeyTarget> = {}): KeyTarget => ({
  paused: true,
  currentTime: 10,
  duration: 60,
  volume: 0.5,
  muted: false,
  play: vi.fn(() => Promise.resolve()),
  pause: vi.fn(),
  ...overrides,
});

describe('keyAction', () => {
  it('maps the spec shortcuts', () => {
    expect(press(' ')).toEqual({ kind: 'toggle-play' });
    expect(press('f')).toEqual({ kind: 'fullscreen' });
    expect(press('m')).toEqual({ kind: 'mute' });
    expect(press('ArrowLeft')).toEqual({ kind: 'seek', direction: -1 });
    expect(press('ArrowRight')).toEqual({ kind: 'seek', direction: 1 });
    expect(press('ArrowUp')).toEqual({ kind: 'volume', delta: 0.1 });
    expect(press('ArrowDown')).toEqual({ kind: 'volume', delta: -0.1 });
    expect(press('k')).toBeNull();
  });

  it('leaves keys alone while typing in a text field', () => {
    const input = on(document.createElement('input'));
    const textarea = on(document.createElement('textarea'));
    const editable = on(document.createElement('div'));
    editable.contentEditable = 'true';
    // jsdom does not compute isContentEditable.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    for (const target of [input, textarea, editable]) {
      for (const key of [' ', 'f', 'm', 'ArrowLeft', 'ArrowUp']) {
        expect(press(key, target)).toBeNull();
      }
    }
  });

  it('lets a focused button answer space and a slider its arrows', () => {
    const button = on(document.createElement('button'));
    const range = on(document.createElement('input'));
    range.type = 'range';
    expect(press(' ', button)).toBeNull();
    expect(press('f', button)).toEqual({ kind: 'fullscreen' });
    expect(press('ArrowRight', range)).toBeNull();
    expect(press('m', range)).toEqual({ kind: 'mute' });
  });

  it('ignores shortcuts of the browser and the system', () => {
    expect(press('f', document.body, { ctrlKey: true })).toBeNull();
    expect(press('m', document.body, { metaKey: true })).toBeNull();
    expect(press('ArrowLeft', document.body, { altKey: true })).toBeNull();
  });

  it('takes Ctrl + arrows for the next and previous chapter, as YouTube', () => {
    expect(press('ArrowRight', document.body, { ctrlKey: true })).toEqual({
      kind: 'chapter',
      direction: 1,
    });
    expect(press('ArrowLeft', document.body, { ctrlKey: true })).toEqual({
      kind: 'chapter',
      direction: -1,
    });
  });
});

describe('applyKeyAction', () => {
  const noFullscreen = () => {};

  it('steps 0.04 s when paused, without drifting', () => {
    const media = stubMedia({ currentTime: 0 });
    for (let i = 0; i < 3; i += 1) {
      applyKeyAction({ kind: 'seek', direction: 1 }, media, noFullscreen);
    }
    expect(media.currentTime).toBe(0.12);
    applyKeyAction({ kind: 'seek', direction: -1 }, media, noFullscreen);
    expect(media.currentTime).toBe(0.08);
  });

  it('steps 5 s when playing, within the video', () => {
    const media = stubMedia({ paused: false, currentTime: 57 });
    applyKeyAction({ kind: 'seek', direction: 1 }, media, noFullscreen);
    expect(media.currentTime).toBe(60);
    media.currentTime = 3;
    applyKeyAction({ kind: 'seek', direction: -1 }, media, noFullscreen);
    expect(media.currentTime).toBe(0);
  });

  it('changes the volume by 0.1 between 0 and 1', () => {
    const media = stubMedia({ volume: 0.95 });
    applyKeyAction({ kind: 'volume', delta: 0.1 }, media, noFullscreen);
    expect(media.volume).toBe(1);
    media.volume = 0.5;
    applyKeyAction({ kind: 'volume', delta: -0.1 }, media, noFullscreen);
    expect(media.volume).toBe(0.4);
  });

  it('plays, pauses, mutes and asks for fullscreen', async () => {
    const media = stubMedia();
    const fullscreen = vi.fn();
    applyKeyAction({ kind: 'toggle-play' }, media, fullscreen);
    await vi.waitFor(() => expect(media.play).toHaveBeenCalledOnce());
    const playing = stubMedia({ paused: false });
    applyKeyAction({ kind: 'toggle-play' }, playing, fullscreen);
    expect(playing.pause).toHaveBeenCalledOnce();
    applyKeyAction({ kind: 'mute' }, media, fullscreen);
    expect(media.muted).toBe(true);
    applyKeyAction({ kind: 'fullscreen' }, media, fullscreen);
    expect(fullscreen).toHaveBeenCalledOnce();
  });
});

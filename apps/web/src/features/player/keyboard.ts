import { playSafely } from './resume.ts';

/** The player's keyboard shortcuts (spec "Layout elements"). */
export type KeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'fullscreen' }
  | { kind: 'mute' }
  | { kind: 'seek'; direction: 1 | -1 }
  /** Ctrl + arrows, as YouTube: the next or previous chapter. */
  | { kind: 'chapter'; direction: 1 | -1 }
  | { kind: 'volume'; delta: number };

/** One frame at 25 fps: the paused step of the arrows. */
export const FRAME_STEP = 0.04;
/** The usual step of the arrows while playing. */
export const PLAYING_STEP = 5;
export const VOLUME_STEP = 0.1;

const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'password',
  'url',
  'tel',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
]);

/** Typing in a field (search box, comment, form) never drives the player. */
export const isTextField = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
};

/**
 * Keys a focused control already answers itself: space on a button or menu item (it clicks),
 * arrows on a slider or in a menu (they move it). Handling them again would act twice.
 */
const ownsKey = (target: EventTarget | null, key: string): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  const role = target.getAttribute('role');
  const inMenu = role === 'menuitem' || role === 'menuitemcheckbox' || role === 'menu';
  if (key === ' ') return inMenu || target instanceof HTMLButtonElement || role === 'button';
  const isSlider =
    role === 'slider' || (target instanceof HTMLInputElement && target.type === 'range');
  return key.startsWith('Arrow') && (isSlider || inMenu);
};

interface KeyInput {
  key: string;
  target: EventTarget | null;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** The action a key press asks of the player, or null when the player leaves it alone. */
export const keyAction = (event: KeyInput): KeyAction | null => {
  if (event.metaKey || event.altKey) return null;
  if (isTextField(event.target) || ownsKey(event.target, event.key)) return null;
  if (event.ctrlKey) {
    if (event.key === 'ArrowLeft') return { kind: 'chapter', direction: -1 };
    if (event.key === 'ArrowRight') return { kind: 'chapter', direction: 1 };
    return null;
  }
  switch (event.key) {
    case ' ':
      return { kind: 'toggle-play' };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    case 'm':
    case 'M':
      return { kind: 'mute' };
    case 'ArrowLeft':
      return { kind: 'seek', direction: -1 };
    case 'ArrowRight':
      return { kind: 'seek', direction: 1 };
    case 'ArrowUp':
      return { kind: 'volume', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { kind: 'volume', delta: -VOLUME_STEP };
    default:
      return null;
  }
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The element's state a shortcut changes. */
export type KeyTarget = Pick<
  HTMLMediaElement,
  'paused' | 'currentTime' | 'duration' | 'volume' | 'muted' | 'play' | 'pause'
>;

/** Applies a shortcut to the element; fullscreen needs the page, so the caller passes it. */
export const applyKeyAction = (
  action: KeyAction,
  media: KeyTarget,
  toggleFullscreen: () => void,
) => {
  switch (action.kind) {
    case 'toggle-play':
      if (media.paused) void playSafely(media);
      else media.pause();
      return;
    case 'fullscreen':
      toggleFullscreen();
      return;
    case 'mute':
      media.muted = !media.muted;
      return;
    case 'seek': {
      const step = media.paused ? FRAME_STEP : PLAYING_STEP;
      const end = Number.isFinite(media.duration) ? media.duration : Infinity;
      // Rounded to the millisecond: repeated 0.04 steps must not drift (0.12000000000000001).
      media.currentTime = clamp(
        Math.round((media.currentTime + action.direction * step) * 1000) / 1000,
        0,
        end,
      );
      return;
    }
    case 'volume':
      media.volume = clamp(Math.round((media.volume + action.delta) * 10) / 10, 0, 1);
      if (action.delta > 0) media.muted = false;
      return;
    case 'chapter':
      // The player that has chapters moves between them (usePlayerKeys' `jumpChapter`).
      return;
  }
};

import type { KeyboardEvent } from 'react';

export interface TrimKeyActions {
  setIn: () => void;
  setOut: () => void;
  /** Moves the playhead by whole frames (`,` and `.`) or seconds (the arrows). */
  stepFrames: (count: number) => void;
  stepSeconds: (seconds: number) => void;
  togglePlay: () => void;
}

/** Where typing belongs to a field or a button, not to the timeline. */
const typing = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The editor's keys, as in desktop editors: `I`/`O` set the kept range's in and out at the
 * playhead, `,`/`.` step one frame, the arrows one second, Space plays. They act while the
 * focus is in the preview or on the timeline, never while a time is being typed, so the rest
 * of the edit page keeps its own keys.
 */
export const useTrimKeys = (actions: TrimKeyActions) => (event: KeyboardEvent) => {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (typing(event.target)) return;
  const onButton = event.target instanceof HTMLButtonElement;
  const act: Record<string, (() => void) | undefined> = {
    i: actions.setIn,
    I: actions.setIn,
    o: actions.setOut,
    O: actions.setOut,
    ',': () => actions.stepFrames(-1),
    '.': () => actions.stepFrames(1),
    ArrowLeft: () => actions.stepSeconds(-1),
    ArrowRight: () => actions.stepSeconds(1),
    // A button takes Space for itself.
    ' ': onButton ? undefined : actions.togglePlay,
  };
  const action = act[event.key];
  if (!action) return;
  event.preventDefault();
  action();
};

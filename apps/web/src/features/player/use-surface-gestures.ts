import { useRef, type MouseEvent, type PointerEvent, type TouchEvent } from 'react';

/** A touch held this long opens the context menu (iOS fires no `contextmenu` on video). */
const LONG_PRESS = 600;

export type MenuPosition = { left: number; top: number };

interface Gestures {
  controlsShown: boolean;
  wake: () => void;
  togglePlay: () => void;
  toggleFullscreen: () => void;
  openMenu: (position: MenuPosition) => void;
}

/**
 * The video surface: a click plays or pauses; a tap first brings hidden controls back; a double
 * click (mouse) is fullscreen; right click or a long press opens the context menu.
 */
export const useSurfaceGestures = ({
  controlsShown,
  wake,
  togglePlay,
  toggleFullscreen,
  openMenu,
}: Gestures) => {
  const pointer = useRef('mouse');
  const pressed = useRef<ReturnType<typeof setTimeout>>(undefined);
  const longPressed = useRef(false);
  const endPress = () => clearTimeout(pressed.current);

  return {
    onPointerDown: (event: PointerEvent) => {
      pointer.current = event.pointerType;
    },
    onClick: () => {
      if (longPressed.current) {
        longPressed.current = false;
        return;
      }
      const revealOnly = pointer.current === 'touch' && !controlsShown;
      wake();
      if (!revealOnly) togglePlay();
    },
    // Mouse only: two quick taps (reveal the controls, then pause) are no request for fullscreen.
    onDoubleClick: () => {
      if (pointer.current === 'mouse') toggleFullscreen();
    },
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      endPress();
      openMenu({ left: event.clientX, top: event.clientY });
    },
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      longPressed.current = false;
      endPress();
      if (!touch || event.touches.length > 1) return;
      pressed.current = setTimeout(() => {
        longPressed.current = true;
        openMenu({ left: touch.clientX, top: touch.clientY });
      }, LONG_PRESS);
    },
    onTouchMove: endPress,
    onTouchEnd: endPress,
    onTouchCancel: endPress,
  };
};

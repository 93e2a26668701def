import { useRef, useState, type ComponentType, type PointerEvent, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

// MUI Tooltip brings Popper, Portal and its Grow transition (about 11 kB gzip): it loads when
// a pointer or the keyboard first reaches one of these elements, not with every grid of cards.
// Kept here once loaded, so that later elements are drawn inside it from their first render
// rather than suspending (and redrawing their element) on the way.
let loadedTooltip: ComponentType<TooltipProps> | undefined;
let loading: Promise<ComponentType<TooltipProps>> | undefined;
const loadTooltip = () =>
  (loading ??= import('@mui/material/Tooltip').then((module) => (loadedTooltip = module.default)));

/**
 * MUI's Tooltip, loaded on first hover or focus of its element; until then the element is
 * drawn alone (it keeps its own accessible name). The tip opens for the hover that loaded it.
 */
export const LazyTooltip = ({ title, children }: { title: string; children: ReactElement }) => {
  const [Tooltip, setTooltip] = useState(() => loadedTooltip);
  const [open, setOpen] = useState(false);
  const show = () => {
    setOpen(true);
    if (!Tooltip)
      loadTooltip().then(
        (loaded) => setTooltip(() => loaded),
        () => {},
      );
  };
  const hide = () => setOpen(false);
  return (
    // A layout-free wrapper: it only hears the pointer and focus of its element.
    <span
      style={{ display: 'contents' }}
      // A finger's tap is not a hover (MUI opens on a long press there, once loaded).
      onPointerEnter={(event: PointerEvent) => {
        if (event.pointerType === 'mouse') show();
      }}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {Tooltip ? (
        <Tooltip title={title} open={open} onOpen={show} onClose={hide}>
          {children}
        </Tooltip>
      ) : (
        children
      )}
    </span>
  );
};

/**
 * MUI's Tooltip for an element people click (a button): its code is fetched on the first hover
 * or focus, and it wraps the element only once neither pointer nor focus is on it, so the
 * button is never redrawn under a click or while it holds the focus. The tip shows from the
 * next hover on; the button keeps its own accessible name meanwhile. Once the code is loaded,
 * a button drawn later is wrapped from the start and never redrawn at all.
 */
export const DeferredTooltip = ({ title, children }: { title: string; children: ReactElement }) => {
  const [Tooltip, setTooltip] = useState(() => loadedTooltip);
  const state = useRef({ hovered: false, focused: false });
  const settle = () => {
    const { hovered, focused } = state.current;
    if (loadedTooltip && !hovered && !focused) setTooltip(() => loadedTooltip);
  };
  const engage = (what: 'hovered' | 'focused') => {
    state.current[what] = true;
    loadTooltip().then(settle, () => {});
  };
  const release = (what: 'hovered' | 'focused') => {
    state.current[what] = false;
    settle();
  };
  if (Tooltip) return <Tooltip title={title}>{children}</Tooltip>;
  return (
    <span
      style={{ display: 'contents' }}
      onPointerEnter={() => engage('hovered')}
      onPointerLeave={() => release('hovered')}
      onFocus={() => engage('focused')}
      onBlur={() => release('focused')}
    >
      {children}
    </span>
  );
};

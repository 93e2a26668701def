import { lazy, Suspense, useRef, useState, type PointerEvent, type ReactElement } from 'react';

// MUI Tooltip brings Popper, Portal and its Grow transition (about 11 kB gzip): it loads when
// a pointer or the keyboard first reaches one of these elements, not with every grid of cards.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip, loaded on first hover or focus of its element; until then the element is
 * drawn alone (it keeps its own accessible name). The tip opens for the hover that loaded it.
 */
export const LazyTooltip = ({ title, children }: { title: string; children: ReactElement }) => {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const show = () => {
    setWanted(true);
    setOpen(true);
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
      {wanted ? (
        <Suspense fallback={children}>
          <Tooltip title={title} open={open} onOpen={show} onClose={hide}>
            {children}
          </Tooltip>
        </Suspense>
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
 * next hover on; the button keeps its own accessible name meanwhile.
 */
export const DeferredTooltip = ({ title, children }: { title: string; children: ReactElement }) => {
  const [ready, setReady] = useState(false);
  const state = useRef({ loaded: false, hovered: false, focused: false });
  const settle = () => {
    const { loaded, hovered, focused } = state.current;
    if (loaded && !hovered && !focused) setReady(true);
  };
  const engage = (what: 'hovered' | 'focused') => {
    state.current[what] = true;
    import('@mui/material/Tooltip').then(
      () => {
        state.current.loaded = true;
        settle();
      },
      () => {},
    );
  };
  const release = (what: 'hovered' | 'focused') => {
    state.current[what] = false;
    settle();
  };
  if (ready) {
    return (
      <Suspense fallback={children}>
        <Tooltip title={title}>{children}</Tooltip>
      </Suspense>
    );
  }
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

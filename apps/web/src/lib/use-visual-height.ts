import { useSyncExternalStore } from 'react';

/**
 * The height of what the person sees of the page, in pixels: on a phone, the screen minus the
 * keyboard while one is open (`visualViewport`; the layout viewport keeps its height then). Null
 * where the browser cannot tell (jsdom, old browsers): callers fall back to `100dvh`.
 */
const subscribe = (listener: () => void) => {
  const viewport = window.visualViewport;
  viewport?.addEventListener('resize', listener);
  return () => viewport?.removeEventListener('resize', listener);
};

const read = () => window.visualViewport?.height ?? null;

export const useVisualHeight = (): number | null => useSyncExternalStore(subscribe, read, read);

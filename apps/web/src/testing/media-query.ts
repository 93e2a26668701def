import { vi } from 'vitest';

/**
 * jsdom has no `matchMedia` (MUI's `useMediaQuery` then matches nothing: a narrow screen): the
 * queries `matches` says yes to match. Undone by `vi.unstubAllGlobals()`.
 */
export const stubMatchMedia = (matches: (media: string) => boolean) =>
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: matches(media),
    media,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));

import { useSyncExternalStore } from 'react';
import { createTheme, type Theme } from '@mui/material/styles';

/** `themeMode` in local storage: 0 dark, 1 light (day), 2 dark (spec section 3). */
export const THEME_MODE_KEY = 'themeMode';
export type ThemeMode = 'dark' | 'light';

export const readThemeMode = (): ThemeMode =>
  localStorage.getItem(THEME_MODE_KEY) === '1' ? 'light' : 'dark';

let mode: ThemeMode = readThemeMode();
const listeners = new Set<() => void>();

export const setThemeMode = (next: ThemeMode) => {
  mode = next;
  localStorage.setItem(THEME_MODE_KEY, next === 'light' ? '1' : '0');
  listeners.forEach((listener) => listener());
};

/** Switches between 0 and 1 and keeps the choice. Answers the new mode. */
export const toggleThemeMode = (): ThemeMode => {
  setThemeMode(mode === 'dark' ? 'light' : 'dark');
  return mode;
};

/** Reads the stored mode again (tests start from a fresh local storage). */
export const restoreThemeMode = () => {
  mode = readThemeMode();
  listeners.forEach((listener) => listener());
};

/** Pages drawing dark whatever the choice (the hidden page); the stored choice is untouched. */
let forcedDark = 0;

/**
 * Draws the dark theme until the returned function is called: the person's day mode comes back
 * when the page that forced it goes, and a tab closed meanwhile keeps their choice.
 */
export const forceDarkTheme = (): (() => void) => {
  forcedDark += 1;
  listeners.forEach((listener) => listener());
  let released = false;
  return () => {
    if (released) return;
    released = true;
    forcedDark -= 1;
    listeners.forEach((listener) => listener());
  };
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getMode = (): ThemeMode => (forcedDark > 0 ? 'dark' : mode);

export const useThemeMode = () => useSyncExternalStore(subscribe, getMode, getMode);

const makeTheme = (paletteMode: ThemeMode): Theme =>
  createTheme({
    palette: {
      mode: paletteMode,
      // WCAG AA (4.5:1) for text on coloured fills: filled alerts, contained buttons, chips.
      contrastThreshold: 4.5,
      primary: { main: paletteMode === 'dark' ? '#4fc3f7' : '#0268a6' },
      secondary: { main: '#ff7043' },
      ...(paletteMode === 'dark'
        ? { background: { default: '#101418', paper: '#171c22' } }
        : {
            background: { default: '#f5f7fa', paper: '#ffffff' },
            // MUI's orange (#ed6c02) is 3:1 on white: outlined warning buttons were unreadable.
            warning: { main: '#b45309' },
          }),
    },
    shape: { borderRadius: 8 },
    components: {
      MuiTooltip: {
        defaultProps: { enterDelay: 100, enterTouchDelay: 700, leaveTouchDelay: 1500 },
      },
      MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    },
  });

export const themes: Record<ThemeMode, Theme> = {
  dark: makeTheme('dark'),
  light: makeTheme('light'),
};

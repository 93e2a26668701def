import { useEffect } from 'react';
import { setThemeMode, useThemeMode } from '../../../lib/theme.ts';

/**
 * Switches day mode off for good (spec: "A variant forces the dark theme if day mode was on").
 * A dark choice is left untouched, so a stored 2 stays 2.
 */
export const useForceDarkTheme = () => {
  const mode = useThemeMode();
  useEffect(() => {
    if (mode === 'light') setThemeMode('dark');
  }, [mode]);
};

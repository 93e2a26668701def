import { useEffect } from 'react';
import { forceDarkTheme } from '../../../lib/theme.ts';

/**
 * Spec: "A variant forces the dark theme if day mode was on". Only while the page is shown: day
 * mode comes back when the person leaves it, and the stored choice never changes.
 */
export const useForceDarkTheme = () => useEffect(forceDarkTheme, []);

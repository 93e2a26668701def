import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the controls stay after the last move while the video plays. */
export const IDLE_DELAY = 3000;

/**
 * Controls that hide after `delay` ms without activity while `active` (playing), and come back
 * with `wake` (pointer move, touch, key). Always shown while not active.
 */
export const useIdle = (active: boolean, delay = IDLE_DELAY) => {
  const [idle, setIdle] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const wake = useCallback(() => {
    setIdle(false);
    clearTimeout(timer.current);
    if (active) timer.current = setTimeout(() => setIdle(true), delay);
  }, [active, delay]);

  useEffect(() => {
    wake();
    return () => clearTimeout(timer.current);
  }, [wake]);

  return { shown: !active || !idle, wake };
};

import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a page while `busy()` says work would be lost: react-router's blocker for
 * links and the back button (the page shows a dialog for it), `beforeunload` for closing or
 * reloading the tab. `busy` is read at the moment of leaving, so it may read refs.
 */
export const useLeaveGuard = (busy: () => boolean) => {
  const latest = useRef(busy);
  latest.current = busy;
  const blocker = useBlocker(useCallback(() => latest.current(), []));

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older Chromium shows the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return blocker;
};

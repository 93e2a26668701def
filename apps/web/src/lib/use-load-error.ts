import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorStatus } from './api.ts';
import { useNotify } from './notify.tsx';
import { paths } from './paths.ts';
import type { LoginState } from './remembered-page.ts';
import { useSession } from './session.ts';

export const SIGN_IN_MESSAGE = 'Veuillez vous connecter';

interface LoadErrorMessages {
  /** A signed-in person refused (401/403), or nothing by that id (404). */
  notAccessible: string;
  /** Any other failure. */
  failed: string;
}

/**
 * Spec section 8, "Loading", for one video or direct: a visitor refused (401/403) signs in and
 * comes back here; a signed-in person refused, or an id that does not exist, goes home; so does
 * any other failure, with its own message.
 */
export const useLoadError = (error: unknown, messages: LoadErrorMessages) => {
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { isAuth } = useSession();
  const handled = useRef<unknown>(null);
  const { notAccessible, failed } = messages;

  useEffect(() => {
    if (!error || handled.current === error) return;
    handled.current = error;
    const status = errorStatus(error);
    if ((status === 401 || status === 403) && !isAuth) {
      notify(SIGN_IN_MESSAGE, 'warning');
      const state: LoginState = { from: `${location.pathname}${location.search}` };
      void navigate(paths.login(), { replace: true, state });
      return;
    }
    const refused = status === 401 || status === 403 || status === 404;
    notify(refused ? notAccessible : failed, 'error');
    void navigate(paths.home(), { replace: true });
  }, [error, isAuth, location.pathname, location.search, navigate, notify, notAccessible, failed]);
};

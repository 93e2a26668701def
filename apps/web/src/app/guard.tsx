import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@plateau/contract';
import { paths } from '../lib/paths.ts';
import type { LoginState } from '../lib/remembered-page.ts';
import { checkSession, sessionEndedHere, useSession } from '../lib/session.ts';

/**
 * Route guard (spec section 6): with roles, the person must be signed in and hold one of them;
 * without, being signed in is enough. Others go to /login, which remembers this page, unless a
 * session just ended in this tab: the page was the previous person's, and the next one who
 * signs in must not be sent there.
 */
export const Guard = ({ roles = [] }: { roles?: readonly Role[] }) => {
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    checkSession();
  }, [location]);

  const allowed =
    session.isAuth &&
    (roles.length === 0 || (session.role !== null && roles.includes(session.role)));
  if (!allowed) {
    const state: LoginState | null = sessionEndedHere()
      ? null
      : { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login()} replace state={state} />;
  }
  return <Outlet />;
};

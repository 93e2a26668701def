import { useNavigate } from 'react-router';
import { paths } from './paths.ts';
import { signOut } from './session.ts';

/**
 * Déconnexion: home first, then the session ends. Ended on a personal page, the guard would send
 * that page to /login, and the one who signs in next would wait on it for nothing.
 */
export const useSignOut = () => {
  const navigate = useNavigate();
  return async () => {
    await navigate(paths.home());
    signOut();
  };
};

import type { RouteObject } from 'react-router';
import type { Role } from '@plateau/contract';
import { Loader } from '../components/loader.tsx';
import { Guard } from './guard.tsx';
import { MainLayout } from './layout/main-layout.tsx';

const underConstruction = async () => ({
  Component: (await import('./routes/under-construction.tsx')).UnderConstruction,
});

/** Pages still to be built: each path answers the shared under-construction page. */
const pending = (...routePaths: string[]): RouteObject[] =>
  routePaths.map((path) => ({ path, lazy: underConstruction }));

const guarded = (roles: readonly Role[], children: RouteObject[]): RouteObject => ({
  element: <Guard roles={roles} />,
  children,
});

/** Every route of the app; /login and /auth/callback sit outside the main layout. */
export const routes: RouteObject[] = [
  {
    HydrateFallback: Loader,
    children: [
      { path: 'login', lazy: () => import('./routes/login.tsx') },
      { path: 'auth/callback', lazy: () => import('./routes/auth-callback.tsx') },
      {
        Component: MainLayout,
        children: [
          { index: true, lazy: underConstruction },
          ...pending(
            'contact',
            'portfolio',
            'videos',
            'search/:search',
            'video',
            'video/:videoId',
            'direct',
            'direct/:directId',
            'directs',
          ),
          guarded(
            [],
            pending(
              'history',
              'liked',
              'mostLiked',
              'mostViewed',
              'dt',
              'playlists',
              'featured',
              'playlist',
              'addPlaylist',
              'editPlaylist/:playlistCode',
            ),
          ),
          guarded(['plateau', 'geek'], pending('addVideo', 'editVideo/:videoId', 'pending')),
          guarded(['geek'], pending('addDirect', 'editDirect/:directId', 'settings')),
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFound }),
          },
        ],
      },
    ],
  },
];

import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { Role } from '@plateau/contract';
import { Loader } from '../components/loader.tsx';
import { watchLoader } from '../features/watch/api/watch-loader.ts';
import { Guard } from './guard.tsx';
import { MainLayout } from './layout/main-layout.tsx';
import { legacyDirectLoader, legacyVideoLoader } from './routes/legacy-redirects.ts';

const notFound = async () => ({
  Component: (await import('./routes/not-found.tsx')).NotFound,
});

const guarded = (roles: readonly Role[], children: RouteObject[]): RouteObject => ({
  element: <Guard roles={roles} />,
  children,
});

/**
 * Every route of the app; /login and /auth/callback sit outside the main layout. Loaders fill
 * `queryClient`, the one the app's pages read.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    HydrateFallback: Loader,
    children: [
      { path: 'login', lazy: () => import('./routes/login.tsx') },
      { path: 'auth/callback', lazy: () => import('./routes/auth-callback.tsx') },
      {
        Component: MainLayout,
        children: [
          { index: true, lazy: () => import('./routes/home.tsx') },
          { path: 'contact', lazy: () => import('./routes/contact.tsx') },
          { path: 'portfolio', lazy: () => import('./routes/portfolio.tsx') },
          { path: 'construction', lazy: () => import('./routes/under-construction.tsx') },
          // The hidden route (spec "Other"): linked from nowhere, its path is the secret.
          { path: 'coulisses-a7f3', lazy: () => import('./routes/secret.tsx') },
          {
            path: 'video',
            loader: watchLoader(queryClient),
            lazy: async () => ({ Component: (await import('./routes/video.tsx')).VideoPage }),
          },
          {
            path: 'videos',
            lazy: async () => ({ Component: (await import('./routes/videos.tsx')).VideosPage }),
          },
          {
            path: 'search/:search',
            lazy: async () => ({ Component: (await import('./routes/search.tsx')).SearchPage }),
          },
          { path: 'video/:videoId', loader: legacyVideoLoader, lazy: notFound },
          {
            path: 'direct',
            lazy: async () => ({ Component: (await import('./routes/direct.tsx')).DirectPage }),
          },
          { path: 'direct/:directId', loader: legacyDirectLoader, lazy: notFound },
          {
            path: 'directs',
            lazy: async () => ({ Component: (await import('./routes/directs.tsx')).DirectsPage }),
          },
          guarded(
            [],
            [
              {
                path: 'history',
                lazy: async () => ({
                  Component: (await import('./routes/history.tsx')).HistoryPage,
                }),
              },
              {
                path: 'liked',
                lazy: async () => ({ Component: (await import('./routes/liked.tsx')).LikedPage }),
              },
              {
                path: 'mostLiked',
                lazy: async () => ({
                  Component: (await import('./routes/most-liked.tsx')).MostLikedPage,
                }),
              },
              {
                path: 'mostViewed',
                lazy: async () => ({
                  Component: (await import('./routes/most-viewed.tsx')).MostViewedPage,
                }),
              },
              {
                path: 'dt',
                lazy: async () => ({
                  Component: (await import('./routes/current-live.tsx')).CurrentLivePage,
                }),
              },
              {
                path: 'playlists',
                lazy: async () => ({
                  Component: (await import('./routes/playlists.tsx')).PlaylistsPage,
                }),
              },
              {
                path: 'featured',
                lazy: async () => ({
                  Component: (await import('./routes/featured.tsx')).FeaturedPage,
                }),
              },
              {
                path: 'playlist',
                lazy: async () => ({
                  Component: (await import('./routes/playlist.tsx')).PlaylistPage,
                }),
              },
              {
                path: 'addPlaylist',
                lazy: async () => ({
                  Component: (await import('./routes/add-playlist.tsx')).AddPlaylistPage,
                }),
              },
              {
                path: 'editPlaylist/:playlistCode',
                lazy: async () => ({
                  Component: (await import('./routes/edit-playlist.tsx')).EditPlaylistPage,
                }),
              },
            ],
          ),
          guarded(
            ['plateau', 'geek'],
            [
              {
                path: 'addVideo',
                lazy: async () => ({
                  Component: (await import('./routes/add-video.tsx')).AddVideoPage,
                }),
              },
              {
                path: 'addVideos',
                lazy: async () => ({
                  Component: (await import('./routes/add-videos.tsx')).AddVideosPage,
                }),
              },
              {
                path: 'editVideo/:videoId',
                lazy: async () => ({
                  Component: (await import('./routes/edit-video.tsx')).EditVideoPage,
                }),
              },
              {
                path: 'pending',
                lazy: async () => ({
                  Component: (await import('./routes/pending.tsx')).PendingPage,
                }),
              },
              // « Statistiques » (issue 35): the charts' library loads with these pages only, all
              // four from one module (see routes/statistics-pages.ts).
              {
                path: 'statistics',
                lazy: async () => ({
                  Component: (await import('./routes/statistics-pages.ts')).StatisticsPage,
                }),
              },
              {
                path: 'statistics/report',
                lazy: async () => ({
                  Component: (await import('./routes/statistics-pages.ts')).StatisticsReportPage,
                }),
              },
              {
                path: 'statistics/video/:videoId',
                lazy: async () => ({
                  Component: (await import('./routes/statistics-pages.ts')).VideoStatisticsPage,
                }),
              },
              {
                path: 'statistics/direct/:directId',
                lazy: async () => ({
                  Component: (await import('./routes/statistics-pages.ts')).DirectStatisticsPage,
                }),
              },
            ],
          ),
          guarded(
            ['geek'],
            [
              {
                path: 'addDirect',
                lazy: async () => ({
                  Component: (await import('./routes/add-direct.tsx')).AddDirectPage,
                }),
              },
              {
                path: 'editDirect/:directId',
                lazy: async () => ({
                  Component: (await import('./routes/edit-direct.tsx')).EditDirectPage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('./routes/settings.tsx')).SettingsPage,
                }),
              },
              {
                path: 'users',
                lazy: async () => ({ Component: (await import('./routes/users.tsx')).UsersPage }),
              },
              {
                path: 'categories',
                lazy: async () => ({
                  Component: (await import('./routes/categories.tsx')).CategoriesPage,
                }),
              },
              {
                path: 'system',
                lazy: async () => ({
                  Component: (await import('./routes/system.tsx')).SystemPage,
                }),
              },
            ],
          ),
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playlist, Video } from '@plateau/contract';
import { getOne } from '../../../lib/api.ts';
import { fetchAllPages } from '../../../lib/all-pages.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * Keys carry the viewer: `inLibrary`, the library itself and what a playlist shows depend on
 * who asks, and the cache outlives a sign-out.
 */
export const playlistKeys = {
  all: (userId: number | null) => ['playlists', userId] as const,
  library: (userId: number | null) => ['playlists', userId, 'me'] as const,
  featured: (userId: number | null) => ['playlists', userId, 'public'] as const,
  one: (userId: number | null, code: string) => ['playlists', userId, 'one', code] as const,
  videos: (userId: number | null, code: string) => ['playlists', userId, 'videos', code] as const,
};

/** Library order (spec section 2): by title, as a French reader sorts. */
export const byTitle = (a: Playlist, b: Playlist) =>
  a.title.localeCompare(b.title, 'fr', { sensitivity: 'base' }) || a.code.localeCompare(b.code);

/** `GET playlists/me`: the viewer's own playlists and their library, by title. */
export const libraryQuery = (userId: number | null) =>
  queryOptions({
    queryKey: playlistKeys.library(userId),
    queryFn: async ({ signal }) =>
      (await fetchAllPages<'playlists', Playlist>('playlists/me', 'playlists', signal)).sort(
        byTitle,
      ),
  });

/** `GET playlists/public`: the featured playlists. */
export const featuredQuery = (userId: number | null) =>
  queryOptions({
    queryKey: playlistKeys.featured(userId),
    queryFn: ({ signal }) =>
      fetchAllPages<'playlists', Playlist>('playlists/public', 'playlists', signal),
  });

/** Spec section 5: an empty code or -1 is no playlist, answered without a call. */
export const isPlaylistCode = (code: string | null | undefined): code is string =>
  Boolean(code) && code !== '-1';

/** `GET playlists/{code}`, which answers the list shape: the one playlist taken out. */
export const playlistQuery = (userId: number | null, code: string) =>
  queryOptions({
    queryKey: playlistKeys.one(userId, code),
    enabled: isPlaylistCode(code),
    queryFn: ({ signal }) =>
      getOne<'playlists', Playlist>(`playlists/${encodeURIComponent(code)}`, 'playlists', {
        signal,
      }),
  });

/** `GET videos/playlist/{code}`: its videos the viewer may see, in the author's order. */
export const playlistVideosQuery = (userId: number | null, code: string) =>
  queryOptions({
    queryKey: playlistKeys.videos(userId, code),
    enabled: isPlaylistCode(code),
    queryFn: ({ signal }) =>
      fetchAllPages<'videos', Video>(
        `videos/playlist/${encodeURIComponent(code)}`,
        'videos',
        signal,
      ),
  });

export const useLibrary = () => useQuery(libraryQuery(useSession().userId));

export const useFeaturedPlaylists = () => useQuery(featuredQuery(useSession().userId));

export const usePlaylist = (code: string) => useQuery(playlistQuery(useSession().userId, code));

export const usePlaylistVideos = (code: string) =>
  useQuery(playlistVideosQuery(useSession().userId, code));

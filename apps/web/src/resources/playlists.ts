import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playlist, Video } from '@plateau/contract';
import { fetchAllPages } from '../lib/all-pages.ts';
import { getOne } from '../lib/api.ts';
import { useViewer, type Viewer } from './viewer.ts';

/**
 * Keys carry the viewer: `inLibrary`, the library itself and what a playlist shows depend on
 * who asks. The playlist pages and the editor read the same keys: the editor opens on what the
 * page already read, and what it changes shows there at once.
 */
export const playlistKeys = {
  all: ['playlists'] as const,
  library: (viewer: Viewer) => ['playlists', viewer, 'me'] as const,
  featured: (viewer: Viewer) => ['playlists', viewer, 'public'] as const,
  one: (viewer: Viewer, code: string) => ['playlists', viewer, 'one', code] as const,
  videos: (viewer: Viewer, code: string) => ['playlists', viewer, 'videos', code] as const,
};

export const playlistPath = (code: string) => `playlists/${encodeURIComponent(code)}`;

/** Library order (spec section 2): by title, as a French reader sorts. */
export const byTitle = (a: Playlist, b: Playlist) =>
  a.title.localeCompare(b.title, 'fr', { sensitivity: 'base' }) || a.code.localeCompare(b.code);

/** Spec section 5: an empty code or -1 is no playlist, answered without a call. */
export const isPlaylistCode = (code: string | null | undefined): code is string =>
  Boolean(code) && code !== '-1';

/** `GET playlists/me`: the viewer's own playlists and their library, by title. */
export const libraryQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: playlistKeys.library(viewer),
    queryFn: async ({ signal }) =>
      (await fetchAllPages<'playlists', Playlist>('playlists/me', 'playlists', signal)).sort(
        byTitle,
      ),
  });

/** `GET playlists/public`: the featured playlists. */
export const featuredQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: playlistKeys.featured(viewer),
    queryFn: ({ signal }) =>
      fetchAllPages<'playlists', Playlist>('playlists/public', 'playlists', signal),
  });

/** `GET playlists/{code}`, which answers the list shape: the one playlist taken out. */
export const playlistQuery = (viewer: Viewer, code: string) =>
  queryOptions({
    queryKey: playlistKeys.one(viewer, code),
    enabled: isPlaylistCode(code),
    queryFn: ({ signal }) =>
      getOne<'playlists', Playlist>(playlistPath(code), 'playlists', { signal }),
  });

/** `GET videos/playlist/{code}`, whole: its videos the viewer may see, in the author's order. */
export const playlistVideosQuery = (viewer: Viewer, code: string) =>
  queryOptions({
    queryKey: playlistKeys.videos(viewer, code),
    enabled: isPlaylistCode(code),
    queryFn: ({ signal }) =>
      fetchAllPages<'videos', Video>(
        `videos/playlist/${encodeURIComponent(code)}`,
        'videos',
        signal,
      ),
  });

export const useLibrary = () => useQuery(libraryQuery(useViewer()));
export const useFeaturedPlaylists = () => useQuery(featuredQuery(useViewer()));
export const usePlaylist = (code: string) => useQuery(playlistQuery(useViewer(), code));
export const usePlaylistVideos = (code: string) => useQuery(playlistVideosQuery(useViewer(), code));

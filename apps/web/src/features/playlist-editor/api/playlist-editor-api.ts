import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Playlist, PlaylistBody, Video } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { playlistKeys as keys, playlistPath } from '../../../resources/playlists.ts';
import { useViewer } from '../../../resources/viewer.ts';

/** Every playlist list, page and count may have changed: read them again when next shown. */
const refreshPlaylists = (client: QueryClient) => client.invalidateQueries({ queryKey: keys.all });

/** `POST playlists`: answers the new playlist (its code leads to its page). */
export const useCreatePlaylist = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaylistBody) => api.post<Playlist>('playlists', body),
    onSuccess: () => refreshPlaylists(client),
  });
};

/** `PUT playlists/{code}`: title, description and, for a geek, featured. */
export const useUpdatePlaylist = (code: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaylistBody) => api.put<Playlist>(playlistPath(code), body),
    onSuccess: () => refreshPlaylists(client),
  });
};

/** `DELETE playlists/{code}`. */
export const useDeletePlaylist = (code: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(playlistPath(code)),
    // Not the editor's own queries: read again now, they would fail (404) and report a load
    // error while the page leaves. Marked stale, they are read again if it is ever shown.
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all, refetchType: 'inactive' }),
  });
};

/**
 * The playlist's videos as the editor changes them: the list moves on screen at once and the
 * server is told after; a refused change puts the list back and reads it again.
 */
const useVideoListMutation = <V>(
  code: string,
  send: (variables: V) => Promise<unknown>,
  change: (videos: Video[], variables: V) => Video[],
) => {
  const client = useQueryClient();
  const key = keys.videos(useViewer(), code);
  return useMutation({
    mutationFn: send,
    onMutate: async (variables: V) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Video[]>(key);
      if (before) client.setQueryData<Video[]>(key, change(before, variables));
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      // Another change may have been sent meanwhile: the server's list is the truth.
      void client.invalidateQueries({ queryKey: key });
    },
    // The editor already shows the new list; the other screens read theirs when next shown.
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all, refetchType: 'none' }),
  });
};

/** `PUT playlists/{code}/reorderVideos` with every id, in the new order. */
export const useReorderVideos = (code: string) =>
  useVideoListMutation<Video[]>(
    code,
    (ordered) =>
      api.put<unknown>(
        `${playlistPath(code)}/reorderVideos`,
        ordered.map((video) => video.id),
      ),
    (_videos, ordered) => ordered,
  );

/** `DELETE playlists/{code}/removeVideo/{id}`. */
export const useRemoveVideo = (code: string) =>
  useVideoListMutation<number>(
    code,
    (id) => api.delete<unknown>(`${playlistPath(code)}/removeVideo/${id}`),
    (videos, id) => videos.filter((video) => video.id !== id),
  );

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LibraryAnswer, Playlist } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { byTitle, playlistKeys } from '../../../resources/playlists.ts';
import { useViewer } from '../../../resources/viewer.ts';

export interface LibraryChange {
  playlist: Playlist;
  /** true: `PUT library/{code}`; false: `DELETE library/{code}`. */
  add: boolean;
}

/**
 * Adds or removes another author's playlist to or from the viewer's library, then brings every
 * cached list up to date so the card, the page and the library agree without a reload.
 */
export const useLibraryMutation = () => {
  const queryClient = useQueryClient();
  const userId = useViewer();
  return useMutation({
    mutationFn: ({ playlist, add }: LibraryChange) => {
      const path = `library/${encodeURIComponent(playlist.code)}`;
      return add ? api.put<LibraryAnswer>(path) : api.delete<LibraryAnswer>(path);
    },
    onSuccess: (answer, { playlist }) => {
      const inLibrary = answer?.inLibrary ?? false;
      const mark = (one: Playlist) => (one.code === playlist.code ? { ...one, inLibrary } : one);
      queryClient.setQueryData<Playlist>(playlistKeys.one(userId, playlist.code), (one) =>
        one ? mark(one) : one,
      );
      queryClient.setQueryData<Playlist[]>(playlistKeys.featured(userId), (list) =>
        list?.map(mark),
      );
      queryClient.setQueryData<Playlist[]>(playlistKeys.library(userId), (list) => {
        if (!list) return list;
        const others = list.filter((one) => one.code !== playlist.code);
        return inLibrary ? [...others, { ...playlist, inLibrary }].sort(byTitle) : others;
      });
      // The library is read again next time it is shown, in case another tab changed it too.
      void queryClient.invalidateQueries({
        queryKey: playlistKeys.library(userId),
        refetchType: 'none',
      });
    },
  });
};

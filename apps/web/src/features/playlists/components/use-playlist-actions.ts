import type { Playlist } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useLibraryMutation } from '../api/library-mutation.ts';

/** Spec section 8: the messages of these actions, exactly as written. */
export const playlistMessages = {
  added: 'Playlist ajoutee a votre bibliotheque',
  removed: 'Playlist supprimee de votre bibliotheque',
  copied: 'Lien copié !',
  failed: "Erreur pendant l'opération",
} as const;

/** The absolute address of a playlist, to paste anywhere. */
export const playlistUrl = (code: string) =>
  new URL(paths.playlist(code), window.location.origin).href;

/** Library add/remove and link copy, each telling the person how it went. */
export const usePlaylistActions = () => {
  const notify = useNotify();
  const library = useLibraryMutation();

  const toggleLibrary = (playlist: Playlist) => {
    const add = !playlist.inLibrary;
    library.mutate(
      { playlist, add },
      {
        onSuccess: () => notify(add ? playlistMessages.added : playlistMessages.removed, 'success'),
        onError: () => notify(playlistMessages.failed, 'error'),
      },
    );
  };

  const copyLink = async (playlist: Playlist) => {
    try {
      // Missing outside secure contexts: the same failure message as a refused write.
      await navigator.clipboard.writeText(playlistUrl(playlist.code));
      notify(playlistMessages.copied, 'success');
    } catch {
      notify(playlistMessages.failed, 'error');
    }
  };

  return { toggleLibrary, copyLink, libraryBusy: library.isPending };
};

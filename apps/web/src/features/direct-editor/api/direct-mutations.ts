import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Direct, DirectBody } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { uploadMedia } from '../../../lib/upload.ts';
import { directKeys } from '../../../resources/directs.ts';
import { putBroadcast } from '../../../resources/live.ts';
import { mediaKeys, mediaPaths } from '../../../resources/media.ts';

export interface DirectSave {
  body: DirectBody;
  /** Absent: a new direct (`POST directs`); present: `PUT directs/{id}`. */
  id?: number;
  poster: File | null;
  /** A new direct with "Diffuser sur Plateau" on: broadcasting is turned on once it exists. */
  broadcast?: boolean;
  /** With « Latence faible », turned on at the same time. */
  lowLatency?: boolean;
  onSaved: (direct: Direct) => void;
  onPosterProgress: (percent: number) => void;
}

export interface DirectSaveResult {
  direct: Direct;
  /** null: no poster was chosen; true or false: how its upload went. */
  posterUploaded: boolean | null;
  /** null: not asked; true or false: whether broadcasting on Plateau was turned on. */
  broadcastEnabled: boolean | null;
}

/** Turns broadcasting on for a direct just created; a failure leaves the direct saved. */
const enableBroadcast = async (save: DirectSave, direct: Direct) => {
  if (!save.broadcast) return null;
  try {
    await putBroadcast(direct.id, { enabled: true, lowLatency: save.lowLatency ?? false });
    return true;
  } catch {
    return false;
  }
};

/** Every cached view of directs (lists, pages, the home's current one, the live link). */
const refreshDirects = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: directKeys.all });

/**
 * Saves the direct, then uploads its poster when one was chosen, then (a new direct) turns on
 * broadcasting when asked. A poster or broadcast that fails leaves the direct saved: the result
 * says so rather than failing the whole save.
 */
export const useSaveDirect = () => {
  const client = useQueryClient();
  const { token } = useSession();
  const uploadPoster = async (save: DirectSave, direct: Direct) => {
    if (!save.poster) return null;
    try {
      await uploadMedia('poster', direct.id, save.poster, { onProgress: save.onPosterProgress });
    } catch {
      return false;
    }
    // Images are cached for good: the new poster replaces the old one everywhere it shows.
    await client.invalidateQueries({
      queryKey: mediaKeys.image(mediaPaths.poster(direct.id), token),
    });
    return true;
  };
  return useMutation({
    mutationFn: async (save: DirectSave): Promise<DirectSaveResult> => {
      const direct =
        save.id === undefined
          ? await api.post<Direct>('directs', save.body)
          : await api.put<Direct>(`directs/${save.id}`, save.body);
      save.onSaved(direct);
      const posterUploaded = await uploadPoster(save, direct);
      return { direct, posterUploaded, broadcastEnabled: await enableBroadcast(save, direct) };
    },
    onSettled: () => refreshDirects(client),
  });
};

export interface DirectDeletion {
  id: number;
  /** Leaves the direct's pages: once it is gone, a page still showing it would ask again. */
  leave: () => Promise<void>;
}

/** `DELETE directs/{id}`, then the direct is forgotten from every cached list. */
export const useDeleteDirect = () => {
  const client = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: async ({ id, leave }: DirectDeletion) => {
      await api.delete<{ ok: boolean }>(`directs/${id}`);
      await leave();
      client.removeQueries({ queryKey: directKeys.one(userId, id) });
      await refreshDirects(client);
    },
  });
};

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorStatus, api } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { systemKeys } from '../../../resources/system.ts';
import { videoKeys } from '../../../resources/videos.ts';

/**
 * Relancer: `POST encode/{id}`, exactly what 'Encoder et publier' sends for a video whose
 * encode failed; the system view is asked again at once, and every video list marked stale.
 * Said here rather than by the button, which leaves the list once the retry is seen.
 */
export const useRetryEncode = () => {
  const client = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (id: number) => api.post<unknown>(`encode/${id}`),
    onSuccess: () => notify('Encodage relancé', 'success'),
    onError: (error) =>
      notify(
        errorStatus(error) === 409
          ? "Cette vidéo est déjà en cours d'encodage"
          : "L'encodage n'a pas pu être relancé",
        'error',
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: systemKeys.all }),
        client.invalidateQueries({ queryKey: videoKeys.all }),
      ]),
  });
};

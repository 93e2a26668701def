import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@plateau/contract';
import { api, errorStatus } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';

/** `GET tags`: every tag, as a plain array. */
export const tagsQuery = queryOptions({
  queryKey: ['tags'],
  queryFn: ({ signal }) => api.get<Tag[]>('tags', { signal }),
  staleTime: 5 * 60_000,
});

/** Spec section 8, "Tags": 401 asks to sign in again, anything else names its status. */
export const tagsErrorMessage = (status: number) =>
  status === 401 ? 'Deconnexion : Veuillez vous reconnecter' : `Erreur ${status}`;

/** The tags, with the spec's notification when they fail to load. */
export const useTags = (enabled = true) => {
  const query = useQuery({ ...tagsQuery, enabled });
  const notify = useNotify();
  const { error } = query;
  useEffect(() => {
    if (error) notify(tagsErrorMessage(errorStatus(error)), 'error');
  }, [error, notify]);
  return query;
};

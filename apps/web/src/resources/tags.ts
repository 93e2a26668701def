import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@plateau/contract';
import { api, errorStatus } from '../lib/api.ts';
import { useNotify } from '../lib/notify.tsx';

/** Tags are the same for everyone who may read them: the key every tag list of the app reads. */
export const tagKeys = {
  all: ['tags'] as const,
};

/** `GET tags`: every tag, as a plain array. */
export const tagsQuery = queryOptions({
  queryKey: tagKeys.all,
  queryFn: ({ signal }) => api.get<Tag[]>('tags', { signal }),
  staleTime: 5 * 60_000,
});

/** By name, as a French reader sorts. */
export const byName = (a: Tag, b: Tag) =>
  a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });

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

/** The tags by name, for the categories page (which shows its own error state). */
export const useTagsByName = () =>
  useQuery({ ...tagsQuery, select: (tags) => [...tags].sort(byName) });

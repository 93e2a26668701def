import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@plateau/contract';
import { api } from '../../../lib/api.ts';

/** The key every tag list of the app reads: a change here shows in every filter and form. */
const tagsKey = ['tags'] as const;

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });

/** `GET tags`, by name as a French reader sorts. */
export const useCategories = () =>
  useQuery({
    queryKey: tagsKey,
    queryFn: ({ signal }) => api.get<Tag[]>('tags', { signal }),
    select: (tags) => [...tags].sort(byName),
  });

const useTagMutation = <V>(send: (variables: V) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: tagsKey }),
  });
};

/** `POST tags`. */
export const useCreateCategory = () =>
  useTagMutation((name: string) => api.post<Tag>('tags', { name }));

/** `PUT tags/{id}`. */
export const useRenameCategory = () =>
  useTagMutation(({ id, name }: Tag) => api.put<Tag>(`tags/${id}`, { name }));

/** `DELETE tags/{id}`. */
export const useDeleteCategory = () =>
  useTagMutation((id: number) => api.delete<unknown>(`tags/${id}`));

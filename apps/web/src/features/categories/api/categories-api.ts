import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { tagKeys } from '../../../resources/tags.ts';

const useTagMutation = <V>(send: (variables: V) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Every tag list of the app reads this key: a change here shows in every filter and form.
    onSuccess: () => client.invalidateQueries({ queryKey: tagKeys.all }),
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

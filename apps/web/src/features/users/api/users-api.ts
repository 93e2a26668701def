import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewUserBody, UpdateUserBody, User } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../resources/users.ts';

const usersKey = userKeys.all;

/** `POST users`: the account appears in the list, read again. */
export const useCreateUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUserBody) => api.post<User>('users', body),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
};

export interface UserChange {
  id: number;
  body: UpdateUserBody;
}

/**
 * `PUT users/{id}`: a role or GDA change shows at once; a refusal (the last geek) puts the
 * account back as it was.
 */
export const useUpdateUser = () => {
  const client = useQueryClient();
  const replace = (id: number, change: (user: User) => User) =>
    client.setQueryData<User[]>(usersKey, (users) =>
      users?.map((user) => (user.id === id ? change(user) : user)),
    );
  return useMutation({
    mutationFn: ({ id, body }: UserChange) => api.put<User>(`users/${id}`, body),
    onMutate: async ({ id, body }) => {
      await client.cancelQueries({ queryKey: usersKey });
      const before = client.getQueryData<User[]>(usersKey)?.find((user) => user.id === id);
      replace(id, (user) => ({
        ...user,
        ...(body.role !== undefined && { role: body.role }),
        ...(body.gda_access !== undefined && { gdaAccess: body.gda_access }),
      }));
      return { before };
    },
    onError: (_error, { id }, context) => {
      if (context?.before) replace(id, () => context.before!);
    },
    onSuccess: (saved) => replace(saved.id, () => saved),
  });
};

/** Puts the server's answer for one account in the list. */
const useReplaceUser = () => {
  const client = useQueryClient();
  return (saved: User) =>
    client.setQueryData<User[]>(usersKey, (users) =>
      users?.map((user) => (user.id === saved.id ? saved : user)),
    );
};

/** `PUT users/{id}/sso`: the account signs in with the school account whose `sub` is given. */
export const useLinkIdentity = () => {
  const replace = useReplaceUser();
  return useMutation({
    mutationFn: ({ id, subject }: { id: number; subject: string }) =>
      api.put<User>(`users/${id}/sso`, { subject }),
    onSuccess: replace,
  });
};

/** `DELETE users/{id}/sso`. */
export const useUnlinkIdentity = () => {
  const replace = useReplaceUser();
  return useMutation({
    mutationFn: (id: number) => api.delete<User>(`users/${id}/sso`),
    onSuccess: replace,
  });
};

/** `DELETE users/{id}`. */
export const useDeleteUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`users/${id}`),
    onSuccess: (_answer, id) =>
      client.setQueryData<User[]>(usersKey, (users) => users?.filter((user) => user.id !== id)),
  });
};

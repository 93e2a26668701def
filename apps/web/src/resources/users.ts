import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@plateau/contract';
import { fetchAllPages } from '../lib/all-pages.ts';

/** Only geeks read the accounts, and the cache is emptied when the person changes. */
export const userKeys = {
  all: ['users'] as const,
};

/** `GET users`, every page (a search looks through all of them), by username. */
export const usersQuery = queryOptions({
  queryKey: userKeys.all,
  queryFn: ({ signal }) => fetchAllPages<'users', User>('users', 'users', signal),
});

export const useUsers = () => useQuery(usersQuery);

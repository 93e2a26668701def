import { queryOptions } from '@tanstack/react-query';
import type { SystemStatus } from '@plateau/contract';
import { api } from '../lib/api.ts';

/** Only geeks read it, and the cache is emptied when the person changes. */
export const systemKeys = {
  all: ['system'] as const,
};

/** The page reads it again every 30 s while it is visible (not in a hidden tab). */
export const SYSTEM_REFRESH_MS = 30_000;

/** `GET system`: version, disk, encode queue, last backup and health (geeks). */
export const systemQuery = queryOptions({
  queryKey: systemKeys.all,
  queryFn: ({ signal }) => api.get<SystemStatus>('system', { signal }),
  refetchInterval: SYSTEM_REFRESH_MS,
  refetchIntervalInBackground: false,
});

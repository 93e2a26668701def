import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from '../lib/api.ts';
import { revokeImagesOnEviction } from './media.ts';

/** Client errors do not get better by asking again; server and network errors may. */
export const createQueryClient = () => {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => errorStatus(error) >= 500 && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  revokeImagesOnEviction(client);
  return client;
};

import { queryOptions } from '@tanstack/react-query';
import type { HomeDisplay } from '@plateau/contract';
import { api } from '../../../lib/api.ts';

/** `GET /api/homeDisplay`: what the home page features (0 classic ... 3 current live). */
export const homeDisplayQuery = queryOptions({
  queryKey: ['homeDisplay'],
  queryFn: async () => (await api.get<{ homeDisplay: HomeDisplay }>('homeDisplay')).homeDisplay,
});

import { queryOptions } from '@tanstack/react-query';
import type { HomeDisplay } from '@plateau/contract';
import { api } from '../lib/api.ts';

/** The global settings are the same for everyone. */
export const settingKeys = {
  all: ['settings'] as const,
  homeDisplay: ['settings', 'homeDisplay'] as const,
  gpaPromo: ['settings', 'gpaPromo'] as const,
};

/** `GET homeDisplay`: what the home page features (0 classic ... 3 current live). */
export const homeDisplayQuery = queryOptions({
  queryKey: settingKeys.homeDisplay,
  queryFn: async () => (await api.get<{ homeDisplay: HomeDisplay }>('homeDisplay')).homeDisplay,
});

/** `GET gpaPromo`: the promotion of the GPA, -1 when none is set. */
export const gpaPromoQuery = queryOptions({
  queryKey: settingKeys.gpaPromo,
  queryFn: async ({ signal }) =>
    (await api.get<{ gpaPromo: number }>('gpaPromo', { signal })).gpaPromo,
});

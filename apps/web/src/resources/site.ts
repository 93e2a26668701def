import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@plateau/contract';
import { api } from '../lib/api.ts';

/** What the shell shows while `/api/site` has not answered, or when it failed. */
export const siteDefaults: SiteSettings = {
  associationName: 'Plateau',
  associationText:
    "Plateau est l'association audiovisuelle de l'école : captations, directs, prêt de matériel et formations pour tous les élèves.",
  taglines: ["L'audiovisuel de l'école"],
  bannerVideoUrl: '',
  contacts: {
    general: { name: 'Contact', email: '' },
    presta: { name: 'Prestations', email: '' },
    prez: { name: 'Présidence', email: '' },
    matos: { name: 'Matériel', email: '' },
    rej: { name: 'Nous rejoindre', email: '' },
    geek: { name: 'Support technique', email: '' },
  },
  externalLinks: [],
  databaseAdminUrl: '',
  sso: false,
};

/**
 * The settings the server wrote into index.html (apps/server/src/web-shell.ts), read once:
 * the app draws with them at once instead of asking `/api/site` first. Absent under
 * `npm run dev` (Vite serves the bare template): the query then asks the server.
 */
const embeddedSettings = (): SiteSettings | undefined => {
  const block = document.getElementById('site-settings');
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as SiteSettings;
  } catch {
    return undefined;
  }
};

export const siteKeys = {
  all: ['site'] as const,
};

export const siteQuery = {
  queryKey: siteKeys.all,
  queryFn: () => api.get<SiteSettings>('site'),
  initialData: embeddedSettings(),
  staleTime: Infinity,
  retry: false,
};

/**
 * The site settings with their loading state: the about pages wait for the real directory
 * instead of showing the empty defaults for a moment (`useSiteSettings` hides that state).
 */
export const useSiteQuery = () => useQuery(siteQuery);

/** The deployment's branding and links, read once; the defaults until (or unless) it answers. */
export const useSiteSettings = (): SiteSettings => {
  const { data } = useQuery(siteQuery);
  return data ?? siteDefaults;
};

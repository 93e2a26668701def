import type { SiteSettings } from '@plateau/contract';
import type { Config } from '../../config.ts';

export const createSiteService = (config: Config) => {
  // Settings are read once at start: the answer is the same for every request.
  const settings: SiteSettings = { ...config.site, sso: config.sso !== undefined };
  return {
    /** The public settings the web app reads before it draws anything. */
    settings: (): SiteSettings => settings,
  };
};

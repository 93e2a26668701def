import type { SiteSettings } from '@plateau/contract';
import type { Config } from '../../config.ts';

/**
 * Whether /login offers single sign-on. The single-sign-on issue replaces this with a check of
 * its own configuration (issuer, client id and secret all set).
 */
const singleSignOnConfigured = (_config: Config): boolean => false;

export const createSiteService = (config: Config) => {
  // Settings are read once at start: the answer is the same for every request.
  const settings: SiteSettings = { ...config.site, sso: singleSignOnConfigured(config) };
  return {
    /** The public settings the web app reads before it draws anything. */
    settings: (): SiteSettings => settings,
  };
};

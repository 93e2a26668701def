import { SiteSettings } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createSiteService } from './site.service.ts';

/** `GET /api/site`: the deployment's branding and links, public (the login page needs them). */
export const siteRoutes: FeatureModule = ({ config }) => {
  const site = createSiteService(config);
  return async (app) => {
    app.get(
      '/site',
      {
        schema: {
          tags: ['site'],
          summary: 'Branding, contacts and links of this deployment, and whether SSO is offered',
          security: [],
          response: { 200: SiteSettings },
        },
      },
      async () => site.settings(),
    );
  };
};

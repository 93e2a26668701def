import type { SiteSettings } from '@plateau/contract';

/**
 * What a deployment chooses in GET /api/site; `sso` follows the server's own configuration.
 * Defined here, below site-branding.ts (which reads the choices and imports the defaults).
 */
export type SiteBranding = Omit<SiteSettings, 'sso'>;

const domain = 'plateau.example';

/**
 * What a fresh installation shows until DATA_DIR/site.json says otherwise: a made-up school
 * association named after the product, with addresses on a reserved domain that reaches no one.
 */
export const defaultSiteBranding: SiteBranding = {
  associationName: 'Plateau',
  associationText:
    "Plateau est l'association audiovisuelle de l'école. Ses membres filment, montent et " +
    'diffusent la vie du campus : soirées, conférences, compétitions sportives, spectacles, ' +
    'en direct comme en replay. Que vous ayez envie de tenir une caméra, de passer en régie ' +
    "ou d'apprendre le montage, vous êtes les bienvenus, débutants compris.",
  taglines: [
    'La vie du campus, en images.',
    'Derrière chaque événement, une caméra.',
    'Vos soirées, vos conférences, vos souvenirs.',
    'Le campus en direct, et en replay.',
    'Tournages, directs et montages : tout est ici.',
  ],
  bannerVideoUrl: '',
  contacts: {
    general: { name: 'Le bureau', email: `contact@${domain}` },
    presta: { name: 'Pôle prestations', email: `presta@${domain}` },
    prez: { name: 'La présidence', email: `president@${domain}` },
    matos: { name: 'Responsable matériel', email: `materiel@${domain}` },
    rej: { name: 'Pôle recrutement', email: `rejoindre@${domain}` },
    geek: { name: 'Les geeks', email: `geek@${domain}` },
  },
  externalLinks: [],
  databaseAdminUrl: '',
};

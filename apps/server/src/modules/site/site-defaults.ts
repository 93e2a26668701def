import type { SiteBranding } from './site-branding.ts';

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
    general: { name: 'Contact général', email: `contact@${domain}` },
    presta: { name: "Prestations et couverture d'événements", email: `presta@${domain}` },
    prez: { name: 'Présidence', email: `president@${domain}` },
    matos: { name: 'Prêt de matériel', email: `materiel@${domain}` },
    rej: { name: "Rejoindre l'association", email: `rejoindre@${domain}` },
    geek: { name: 'Signaler un bug', email: `geek@${domain}` },
  },
  externalLinks: [],
  databaseAdminUrl: '',
};

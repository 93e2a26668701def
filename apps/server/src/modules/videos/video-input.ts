import { Privacy, type NewVideoBody } from '@plateau/contract';
import { isGeek, type SignedInViewer } from '../../access/viewer.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';

const MAX_ID = 2147483647;

/** The form sends "-1" or "2024" as text; JSON clients send numbers. */
const toInteger = (value: number | string): number =>
  typeof value === 'number' ? value : Number.parseInt(value, 10);

export const parsePromotion = (value: number | string): number => {
  const promotion = toInteger(value);
  if (promotion < -1 || promotion > 9999) {
    throw badRequest('Paramètre invalide « promotion » : attendu -1 ou une promotion');
  }
  return promotion;
};

/**
 * The linked direct, from `directId` (add form) or `direct_id` (edit form): undefined when
 * neither is sent, null for -1 (none), else the id (its existence is checked by the service).
 */
export const parseDirectId = (body: NewVideoBody): number | null | undefined => {
  const sent = [
    ['directId', body.directId],
    ['direct_id', body.direct_id],
  ].filter(([, value]) => value !== undefined) as [string, number | string][];
  if (sent.length === 0) return undefined;
  const values = sent.map(([name, value]) => {
    const id = toInteger(value);
    if (id !== -1 && (id < 1 || id > MAX_ID)) {
      throw badRequest(`Paramètre invalide « ${name} » : attendu -1 ou l'id d'un direct`);
    }
    return id;
  });
  if (values.length === 2 && values[0] !== values[1]) {
    throw badRequest('Paramètres « directId » et « direct_id » contradictoires');
  }
  return values[0] === -1 ? null : values[0];
};

export const parseDate = (value: string): Date => {
  const date = new Date(value);
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  // new Date() rolls "2024-02-31" over to March: refuse dates that do not exist.
  if (
    Number.isNaN(date.getTime()) ||
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > new Date(Date.UTC(year!, month!, 0)).getUTCDate()
  ) {
    throw badRequest('Paramètre invalide « date » : date inexistante');
  }
  return date;
};

/**
 * Only a geek may choose public (0) or archived (3), or change the privacy of a video that is
 * already public. `current` is the stored privacy on an update, undefined on a create.
 */
export const checkPrivacyChange = (
  viewer: SignedInViewer,
  privacy: number,
  current: number | undefined,
) => {
  if (isGeek(viewer) || privacy === current) return;
  if (privacy === Privacy.Public || privacy === Privacy.Archived) {
    throw forbidden('Seul un geek peut rendre une vidéo publique ou archivée');
  }
  if (current === Privacy.Public) {
    throw forbidden("Seul un geek peut changer l'accès d'une vidéo publique");
  }
};

/** GDA-only is kept only when the person changing it has GDA access, and only on privacy 2. */
export const resolveGpaRestricted = (
  viewer: SignedInViewer,
  privacy: number,
  requested: boolean | undefined,
  current: boolean,
): boolean => {
  if (privacy !== Privacy.Plateau) return false;
  if (requested === undefined) return current;
  return requested && viewer.gdaAccess;
};

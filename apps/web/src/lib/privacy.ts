import { Privacy } from '@plateau/contract/constants';

/** The access levels as the association names them (spec sections 2 and 5). */
export const privacyLabels: Record<number, string> = {
  [Privacy.Public]: 'Publique',
  [Privacy.School]: 'CS',
  [Privacy.Plateau]: 'Plateau',
  [Privacy.Archived]: 'Archivée',
};

export const isMember = (role: string | null) => role === 'plateau' || role === 'geek';

/** The GDA-only flag (`gpaRestricted`, spec section 3), one wording on every screen. */
export const GPA_RESTRICTED_LABEL = 'Réservée au GDA';

/** Spec section 5: the GDA-only box appears only with GDA access and access level 2. */
export const showsGpaRestricted = (gdaAccess: boolean, privacy: number) =>
  gdaAccess && privacy === Privacy.Plateau;

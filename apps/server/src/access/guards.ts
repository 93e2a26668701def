import type { Role } from '@plateau/contract';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { SignedInViewer, Viewer } from './viewer.ts';

/** The viewer must be signed in (401 otherwise). */
export const requireSignedIn = (viewer: Viewer): SignedInViewer => {
  if (viewer === null) throw unauthorized();
  return viewer;
};

/** The viewer must hold one of the roles (401 for a visitor, 403 for another role). */
export const requireRole = (viewer: Viewer, ...roles: Role[]): SignedInViewer => {
  const signedIn = requireSignedIn(viewer);
  if (!roles.includes(signedIn.role)) throw forbidden('Action réservée à un autre rôle');
  return signedIn;
};

export const requireMember = (viewer: Viewer) => requireRole(viewer, 'plateau', 'geek');
export const requireGeek = (viewer: Viewer) => requireRole(viewer, 'geek');

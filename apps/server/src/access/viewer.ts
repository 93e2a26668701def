import type { Role } from '@plateau/contract';

/** Who is asking: a signed-in user from a verified token, or null for a visitor. */
export interface SignedInViewer {
  userId: number;
  role: Role;
  username: string;
  gdaAccess: boolean;
}
export type Viewer = SignedInViewer | null;

export const isMember = (viewer: Viewer): boolean =>
  viewer !== null && (viewer.role === 'plateau' || viewer.role === 'geek');

export const isGeek = (viewer: Viewer): boolean => viewer !== null && viewer.role === 'geek';

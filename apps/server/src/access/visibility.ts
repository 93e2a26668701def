import { sql, type SQL } from 'drizzle-orm';
import { Privacy, Processing } from '@plateau/contract';
import { sqlLiteral as literal } from '../db/sql-literal.ts';
import type { Viewer } from './viewer.ts';

/**
 * The one visibility rule of server-rules.md ("Who sees what"). Every query on videos or
 * directs, and every media request, asks this module; nothing else filters privacy.
 *
 * `alias` is the SQL name of the table in the query ("videos", "v", "directs", ...).
 */
const privacyCondition = (viewer: Viewer, alias: string): SQL => {
  const t = sql.raw(`"${alias}"`);
  if (viewer === null) return sql`${t}.privacy = ${literal(Privacy.Public)}`;
  switch (viewer.role) {
    case 'user':
      return sql`${t}.privacy in (${literal(Privacy.Public)}, ${literal(Privacy.School)})`;
    case 'plateau':
      return viewer.gdaAccess
        ? sql`true`
        : sql`(${t}.privacy <> ${literal(Privacy.Plateau)} or not ${t}.gpa_restricted)`;
    case 'geek':
      return sql`true`;
  }
};

/** Videos this viewer may see: privacy, and unpublished ones only for members. */
export const visibleVideo = (viewer: Viewer, alias = 'videos'): SQL => {
  const privacy = privacyCondition(viewer, alias);
  if (viewer === null || viewer.role === 'user') {
    return sql`(${privacy} and ${sql.raw(`"${alias}"`)}.processing = ${literal(Processing.Published)})`;
  }
  return sql`(${privacy})`;
};

/** Directs this viewer may see (directs have no processing state). */
export const visibleDirect = (viewer: Viewer, alias = 'directs'): SQL =>
  sql`(${privacyCondition(viewer, alias)})`;

/**
 * A name for the set of videos this viewer may see: viewers with the same name see exactly the
 * same videos, so results computed for one (cached search results) serve the others.
 */
export const visibilityClass = (viewer: Viewer): string => {
  if (viewer === null) return 'public';
  switch (viewer.role) {
    case 'user':
      return 'user';
    case 'plateau':
      return viewer.gdaAccess ? 'all' : 'plateau';
    case 'geek':
      return 'all';
  }
};

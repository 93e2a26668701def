import { useQuery } from '@tanstack/react-query';
import { siteQuery } from '../../../lib/site.ts';

/**
 * The site settings with their loading state: the about pages wait for the real directory
 * instead of showing the empty defaults for a moment (`useSiteSettings` hides that state).
 */
export const useSiteQuery = () => useQuery(siteQuery);

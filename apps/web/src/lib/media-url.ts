import { API_BASE } from './api.ts';

/**
 * A stream of one rung (0 is the raw upload, for members); the token rides in the query
 * string (spec section 7, "Media") since a `<video>` cannot send a header.
 */
export const mediaUrl = (videoId: number, rung: number, token: string | null) =>
  `${API_BASE}/media/video/${videoId}/${rung}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

import { API_BASE } from './api.ts';

/** `?token=…` for what a browser loads by itself (an element cannot send a header). */
const tokenQuery = (token: string | null) => (token ? `?token=${encodeURIComponent(token)}` : '');

/**
 * A stream of one rung (0 is the raw upload, for members); the token rides in the query
 * string (spec section 7, "Media") since a `<video>` cannot send a header.
 */
export const mediaUrl = (videoId: number, rung: number, token: string | null) =>
  `${API_BASE}/media/video/${videoId}/${rung}${tokenQuery(token)}`;

/** A video's adaptive (HLS) master playlist; the server writes the token into what it lists. */
export const adaptivePlaylistUrl = (videoId: number, token: string | null) =>
  `${API_BASE}/media/hls/${videoId}/master.m3u8${tokenQuery(token)}`;

/** A caption's WebVTT, for a `<track>` (which sends no header either). */
export const captionTrackUrl = (videoId: number, language: string, token: string | null) =>
  `${API_BASE}/media/captions/${videoId}/${language}.vtt${tokenQuery(token)}`;

/**
 * A video's storyboard track, under `/api`. Asked with the token in the query, the server
 * writes it into the sprite's URL too: the sprite is a CSS background, which sends no header.
 */
export const storyboardTrackPath = (videoId: number, token: string | null) =>
  `media/storyboard/${videoId}.vtt${tokenQuery(token)}`;

import { API_BASE } from './api.ts';

/** `?token=…` for what a browser loads by itself (an element cannot send a header). */
const tokenQuery = (token: string | null) => (token ? `?token=${encodeURIComponent(token)}` : '');

/**
 * `?v=…&token=…`: the version of a video's media as the video said (a cut makes a new one), so
 * a URL keeps answering the same file, and a cut is a new URL for every cache; then the token.
 */
const mediaQuery = (token: string | null, version: number | undefined) =>
  version === undefined
    ? tokenQuery(token)
    : `?v=${version}${token ? `&token=${encodeURIComponent(token)}` : ''}`;

/**
 * A stream of one rung (0 is the raw upload, for members); the token rides in the query
 * string (spec section 7, "Media") since a `<video>` cannot send a header.
 */
export const mediaUrl = (videoId: number, rung: number, token: string | null, version?: number) =>
  `${API_BASE}/media/video/${videoId}/${rung}${mediaQuery(token, rung === 0 ? undefined : version)}`;

/** A video's adaptive (HLS) master playlist; the server writes the token into what it lists. */
export const adaptivePlaylistUrl = (videoId: number, token: string | null, version?: number) =>
  `${API_BASE}/media/hls/${videoId}/master.m3u8${mediaQuery(token, version)}`;

/** A caption's WebVTT, for a `<track>` (which sends no header either). */
export const captionTrackUrl = (
  videoId: number,
  language: string,
  token: string | null,
  version?: number,
) => `${API_BASE}/media/captions/${videoId}/${language}.vtt${mediaQuery(token, version)}`;

/**
 * A video's storyboard track, under `/api`. Asked with the token in the query, the server
 * writes it into the sprite's URL too: the sprite is a CSS background, which sends no header.
 */
export const storyboardTrackPath = (videoId: number, token: string | null, version?: number) =>
  `media/storyboard/${videoId}.vtt${mediaQuery(token, version)}`;

/** A video's loudness along its timeline (« Montage »), asked like the storyboard track. */
export const loudnessPath = (videoId: number, token: string | null) =>
  `media/loudness/${videoId}.json${tokenQuery(token)}`;

import { queryOptions } from '@tanstack/react-query';
import { apiUrl, fetchMediaBlob } from '../lib/api.ts';
import { storyboardTrackPath } from '../lib/media-url.ts';

/** The token is part of the key: it is written in the track's sprite URL. */
export const storyboardKeys = {
  /** Without a version: every version's track of the video (a prefix, for invalidation). */
  track: (videoId: number, token: string | null, version?: number) =>
    version === undefined
      ? (['storyboard', videoId, token] as const)
      : (['storyboard', videoId, token, version] as const),
};

export interface StoryboardTrack {
  /** The WebVTT text, as the server wrote it. */
  text: string;
  /** The absolute URL it was read from: its cues are relative to it. */
  url: string;
}

/**
 * A video's seek-preview track (issue 21), or null when it has none (404) or could not be read:
 * the player then shows the time alone, never an error. Kept for the player's life and a few
 * minutes after; the session's end clears it with every query (its text holds the token).
 */
export const storyboardQuery = (videoId: number, token: string | null, version?: number) =>
  queryOptions({
    queryKey: storyboardKeys.track(videoId, token, version),
    queryFn: async ({ signal }): Promise<StoryboardTrack | null> => {
      const path = storyboardTrackPath(videoId, token, version);
      const blob = await fetchMediaBlob(path, signal);
      if (!blob) return null;
      return { text: await blob.text(), url: new URL(apiUrl(path), window.location.href).href };
    },
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { storyboardQuery } from '../../resources/storyboards.ts';
import { parseStoryboard, type StoryboardTile } from '../../lib/storyboard.ts';

export interface StoryboardSource {
  videoId: number;
  token: string | null;
  /** The version of the video's media (`Video.mediaVersion`). */
  version: number;
}

const NONE: StoryboardTile[] = [];

/**
 * The seek-preview tiles of a video, read once `wanted` (the player asks from the first play or
 * the first hover of its bar, so the track never competes with the first frame). Empty while
 * loading, without a storyboard or when it failed: the preview then shows the time alone.
 */
export const useStoryboard = (source: StoryboardSource | null, wanted: boolean) => {
  const { data } = useQuery({
    ...storyboardQuery(source?.videoId ?? 0, source?.token ?? null, source?.version),
    enabled: source !== null && wanted,
  });
  return useMemo(() => (data ? parseStoryboard(data.text, data.url) : NONE), [data]);
};

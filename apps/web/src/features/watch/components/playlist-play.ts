import type { Video } from '@plateau/contract';

/** Navigation state of a video opened from the playlist (ended or clicked): it plays at once. */
export interface PlayState {
  autoPlay?: boolean;
}

export const PLAY_STATE: PlayState = { autoPlay: true };

export const wantsAutoPlay = (state: unknown) => (state as PlayState | null)?.autoPlay === true;

/**
 * The video after `currentId` in the playlist: the next one; after the last, the first only
 * when repeat is on; null when play stops (or the current one is not in the list).
 */
export const nextInPlaylist = (
  videos: readonly Video[],
  currentId: number,
  repeat: boolean,
): Video | null => {
  const index = videos.findIndex((video) => video.id === currentId);
  if (index < 0) return null;
  if (index + 1 < videos.length) return videos[index + 1] ?? null;
  return repeat ? (videos[0] ?? null) : null;
};

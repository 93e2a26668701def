import { queryOptions } from '@tanstack/react-query';
import type { Loudness, TrimActivity, TrimActivityList, TrimStatus } from '@plateau/contract';
import { trimStates } from '@plateau/contract/constants';
import { api, fetchMediaBlob } from '../lib/api.ts';
import { loudnessPath } from '../lib/media-url.ts';
import type { Viewer } from './viewer.ts';

/**
 * « Montage » (issue 34). The status is the editor's and the activity (every cut on its way or
 * failed lately) the member's: the viewer is in their keys; the loudness is asked with the token
 * in its address, so the token is in its key.
 */
export const trimKeys = {
  all: ['trims'] as const,
  status: (viewer: Viewer, videoId: number) => ['trims', viewer, videoId, 'status'] as const,
  activity: (viewer: Viewer) => ['trims', viewer, 'activity'] as const,
  loudness: (videoId: number, token: string | null) =>
    ['trims', 'loudness', videoId, token] as const,
};

/** While the server works on a cut, its status is asked again this often. */
export const TRIM_POLL_MS = 2000;

const working: readonly string[] = trimStates.filter(
  (state) => state === 'queued' || state === 'running',
);

/** Whether a cut is waiting for the worker or running (the page then follows its progress). */
export const isTrimming = (status: TrimStatus | undefined) =>
  status !== undefined && working.includes(status.state);

/** Whether one of the listed cuts still waits for the worker or runs. */
export const isCutWorking = (cut: TrimActivity) => working.includes(cut.state);

/**
 * `GET videos/trims` (members and geeks): the cuts on their way, then those failed this week.
 * Asked every 2 s while one of them is on its way; once none is, only a new visit asks again
 * (a cut is started from its edit page, never from the pages that list them).
 */
export const trimActivityQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: trimKeys.activity(viewer),
    queryFn: ({ signal }) => api.get<TrimActivityList>('videos/trims', { signal }),
    refetchInterval: (query) => (query.state.data?.cuts.some(isCutWorking) ? TRIM_POLL_MS : false),
  });

/** `GET videos/{id}/trim`: the video's last cut, asked again every 2 s while one is under way. */
export const trimStatusQuery = (viewer: Viewer, videoId: number) =>
  queryOptions({
    queryKey: trimKeys.status(viewer, videoId),
    queryFn: ({ signal }) => api.get<TrimStatus>(`videos/${videoId}/trim`, { signal }),
    refetchInterval: (query) => (isTrimming(query.state.data) ? TRIM_POLL_MS : false),
  });

/**
 * `GET media/loudness/{id}.json`: the sound's levels along the video, or null when it has none
 * (404) or could not be read: the timeline then shows the pictures alone.
 */
export const loudnessQuery = (videoId: number, token: string | null) =>
  queryOptions({
    queryKey: trimKeys.loudness(videoId, token),
    queryFn: async ({ signal }): Promise<Loudness | null> => {
      const blob = await fetchMediaBlob(loudnessPath(videoId, token), signal);
      if (!blob) return null;
      try {
        return JSON.parse(await blob.text()) as Loudness;
      } catch {
        return null;
      }
    },
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });

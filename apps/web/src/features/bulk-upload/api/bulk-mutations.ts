import type { NewVideoBody, Video } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { dayInParis } from '../../../lib/dates.ts';
import { mp4CreationTime } from '../mp4-creation-date.ts';

/** `POST videos`: the pending video of one file; answers its id. */
export const createPendingVideo = async (body: NewVideoBody) =>
  (await api.post<Video>('videos', body)).id;

/**
 * `DELETE videos/{id}`: a cancelled file's pending video. Its upload was removed before it
 * reached the video, so there is no media to delete first (spec: `DELETE media/video/{id}`).
 */
export const deletePendingVideo = async (id: number) => {
  await api.delete<unknown>(`videos/${id}`);
};

/** The day (in Paris) the MP4 says it was recorded, or null. */
export const recordedDayOf = async (file: File) => {
  const instant = await mp4CreationTime(file);
  return instant ? dayInParis(instant) : null;
};

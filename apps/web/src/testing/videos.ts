import type { Video } from '@plateau/contract';

/** A published public video, as the server lists it. */
export const makeVideo = (id: number, overrides: Partial<Video> = {}): Video => ({
  id,
  title: `Vidéo ${id}`,
  description: '',
  date: '2026-03-14T12:00:00Z',
  promotion: -1,
  views: 3,
  likeCount: 0,
  privacy: 0,
  gpaRestricted: false,
  processing: 3,
  directId: -1,
  tagIds: [],
  authorId: 1,
  rungs: [1080, 720, 480, 240],
  mediaVersion: 0,
  ...overrides,
});

/** One page of a list of `total` videos numbered from 1, `pageSize` a page. */
export const videoPage = (page: number, total: number, pageSize = 48) => {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const videos = [];
  for (let id = first; id <= last; id += 1) videos.push(makeVideo(id));
  return { videos, nResults: total };
};

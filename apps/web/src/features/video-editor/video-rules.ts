import type { Role, Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';

const isGeek = (role: Role | null) => role === 'geek';

/**
 * The rung the edit page previews: the raw upload until the video is published (members may
 * stream it), then the best encoded one. Null when there is nothing to play yet.
 */
export const previewRung = (video: Pick<Video, 'processing' | 'rungs'>): number | null => {
  if (video.processing === Processing.NoUpload) return null;
  if (video.processing < Processing.Published) return 0;
  return video.rungs.length > 0 ? Math.max(...video.rungs) : 0;
};

/** 'Mettre à la une' is the geek's, and only a published video can be featured. */
export const showsFeaturedPicker = (role: Role | null, video: Pick<Video, 'processing'>) =>
  isGeek(role) && video.processing === Processing.Published;

/**
 * The rung « Montage » previews: the smallest rendition, which seeks fastest; null until the
 * video is published with renditions (a cut works on them).
 */
export const trimRung = (video: Pick<Video, 'processing' | 'rungs'>): number | null => {
  const encoded = video.rungs.filter((rung) => rung > 0);
  if (video.processing !== Processing.Published || encoded.length === 0) return null;
  return Math.min(...encoded);
};

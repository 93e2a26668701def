import { paths } from '../../lib/paths.ts';

/** The absolute address of the watch page, optionally at a whole second (`at`). */
export const videoLink = (videoId: number, at?: number) => {
  const path = at === undefined ? paths.video(videoId) : `${paths.video(videoId)}&at=${at}`;
  return new URL(path, window.location.origin).href;
};

/** `m:ss`, or `h:mm:ss` past an hour. */
export const formatTime = (seconds: number) => {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

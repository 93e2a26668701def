/** Where playback was before the source changed, to pick up at the same point. */
export interface Resume {
  time: number;
  playing: boolean;
}

type Media = Pick<HTMLMediaElement, 'currentTime' | 'paused' | 'play'>;

/**
 * Plays without throwing: a refused play (autoplay policy, a source gone) leaves the element
 * paused and the controls say so.
 */
export const playSafely = (media: Pick<HTMLMediaElement, 'play'>) =>
  Promise.resolve()
    .then(() => media.play())
    .catch(() => {});

/** Starts playing; a browser that refuses sound before any touch gets the video muted. */
export const playOrMuted = (media: HTMLMediaElement) =>
  Promise.resolve()
    .then(() => media.play())
    .catch((cause: unknown) => {
      if (cause instanceof DOMException && cause.name === 'NotAllowedError') {
        media.muted = true;
        void playSafely(media);
      }
    });

export const captureResume = (media: Media): Resume => ({
  time: media.currentTime,
  playing: !media.paused,
});

/** Called once the new source knows its length (`loadedmetadata`). */
export const applyResume = (media: Media, resume: Resume) => {
  if (resume.time > 0) media.currentTime = resume.time;
  if (resume.playing) void playSafely(media);
};

import { useEffect, useState, type RefObject } from 'react';

export interface MediaState {
  paused: boolean;
  currentTime: number;
  duration: number;
  /** End of the buffered range that holds the current time (seconds). */
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  /** Waiting for data while it should play (a seek far ahead, a slow network). */
  waiting: boolean;
}

const initial: MediaState = {
  paused: true,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
  volume: 1,
  muted: false,
  waiting: false,
};

const bufferedEndOf = (media: HTMLMediaElement) => {
  const { buffered, currentTime } = media;
  for (let i = 0; i < buffered.length; i += 1) {
    if (buffered.start(i) <= currentTime + 0.5 && currentTime <= buffered.end(i)) {
      return buffered.end(i);
    }
  }
  return currentTime;
};

const read = (media: HTMLMediaElement, waiting: boolean): MediaState => ({
  paused: media.paused,
  currentTime: media.currentTime,
  duration: Number.isFinite(media.duration) ? media.duration : 0,
  bufferedEnd: bufferedEndOf(media),
  volume: media.volume,
  muted: media.muted,
  waiting,
});

const EVENTS = [
  'play',
  'pause',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'loadeddata',
  'progress',
  'volumechange',
  'seeking',
  'seeked',
  'ended',
  'emptied',
] as const;

/** What the controls show, kept in step with the element's own events. */
export const useMediaState = (ref: RefObject<HTMLVideoElement | null>): MediaState => {
  const [state, setState] = useState(initial);
  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    let waiting = false;
    const update = () => setState(read(media, waiting));
    const onWaiting = () => {
      waiting = true;
      update();
    };
    const onPlaying = () => {
      waiting = false;
      update();
    };
    for (const name of EVENTS) media.addEventListener(name, update);
    media.addEventListener('waiting', onWaiting);
    media.addEventListener('playing', onPlaying);
    media.addEventListener('canplay', onPlaying);
    update();
    return () => {
      for (const name of EVENTS) media.removeEventListener(name, update);
      media.removeEventListener('waiting', onWaiting);
      media.removeEventListener('playing', onPlaying);
      media.removeEventListener('canplay', onPlaying);
    };
  }, [ref]);
  return state;
};

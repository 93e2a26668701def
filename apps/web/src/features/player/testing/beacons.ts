import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';
import type { Heartbeat } from '@plateau/contract';

/** One heartbeat the page sent: its address and what it said. */
export interface SentBeacon {
  url: string;
  type: string;
  beat: Heartbeat;
}

/**
 * A browser's `navigator.sendBeacon` (jsdom has none), recording what is sent; `accept: false`
 * is a browser refusing it (its queue full). `restore` takes it away again.
 */
export const stubBeacons = ({ accept = true } = {}) => {
  const bodies: Promise<SentBeacon>[] = [];
  const sendBeacon = vi.fn((url: string | URL, data?: BodyInit | null) => {
    const blob = data as Blob;
    bodies.push(
      blob.text().then((text) => ({
        url: String(url),
        type: blob.type,
        beat: JSON.parse(text) as Heartbeat,
      })),
    );
    return accept;
  });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  return {
    sendBeacon,
    /** What was sent so far, read. */
    sent: () => Promise.all(bodies),
    restore: () => {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    },
  };
};

/** A `<video>` jsdom cannot play: its position, paused and seeking are these values. */
export const driveMedia = (media: HTMLVideoElement, start = 0) => {
  const state = { currentTime: start, paused: true, seeking: false };
  Object.defineProperty(media, 'currentTime', {
    configurable: true,
    get: () => state.currentTime,
    set: (value: number) => {
      state.currentTime = value;
    },
  });
  Object.defineProperty(media, 'paused', { configurable: true, get: () => state.paused });
  Object.defineProperty(media, 'seeking', { configurable: true, get: () => state.seeking });
  const fire = (name: string) => fireEvent(media, new Event(name));
  return {
    state,
    /** Starts playing, then plays to `to` in readings of 0.25 s, as `timeupdate` comes. */
    playTo(to: number) {
      if (state.paused) {
        state.paused = false;
        fire('play');
        fire('playing');
      }
      while (state.currentTime + 0.25 <= to + 1e-9) {
        state.currentTime += 0.25;
        fire('timeupdate');
      }
    },
    pause() {
      state.paused = true;
      fire('pause');
    },
    /** A seek to `time`: `seeking` with the position already there, then `seeked`. */
    seek(time: number) {
      state.seeking = true;
      state.currentTime = time;
      fire('seeking');
      state.seeking = false;
      fire('seeked');
    },
    end() {
      state.paused = true;
      fire('pause');
      fire('ended');
    },
  };
};

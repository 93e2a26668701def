import { useSyncExternalStore } from 'react';
import type { Video } from '@plateau/contract';
import {
  getDownloads,
  startDownload,
  subscribeDownloads,
  type DownloadEntry,
} from './download-store.ts';

export interface Downloads {
  /** Starts downloading the video's 1080 file, saved as `{title}.mp4` (ignored if already running). */
  start: (video: Video) => void;
}

// One object for every caller: stable across renders, safe in effect dependencies.
const downloads: Downloads = {
  start: (video) => {
    void startDownload(video);
  },
};

/**
 * Call `start` straight from the click (no await before it): in Chromium it opens the save
 * dialog, which the browser only allows during a user gesture.
 */
export const useDownloads = (): Downloads => downloads;

/** The panel's entries, re-rendering as they change. */
export const useDownloadEntries = (): readonly DownloadEntry[] =>
  useSyncExternalStore(subscribeDownloads, getDownloads, getDownloads);

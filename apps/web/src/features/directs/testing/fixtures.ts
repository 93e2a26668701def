import type { Direct, LiveStatus, Video } from '@plateau/contract';
import { makeVideo as makeListedVideo } from '../../../testing/videos.ts';

/** A direct as the server answers it; tests change only what they look at. */
export const makeDirect = (overrides: Partial<Direct> = {}): Direct => ({
  id: 12,
  title: 'Gala des Arts 2026',
  description: 'Une soirée de spectacles.\nEn direct du grand amphi.',
  date: '2026-11-21T18:00:00Z',
  privacy: 1,
  promotion: -1,
  gpaRestricted: false,
  liveUrl: '',
  hasPoster: false,
  chat: false,
  ...overrides,
});

/** A video of the direct 12 (the shared fixture with this file's defaults). */
export const makeVideo = (overrides: Partial<Video> = {}): Video =>
  makeListedVideo(overrides.id ?? 40, {
    title: 'Le discours du président',
    date: '2026-11-21T19:00:00Z',
    views: 12,
    likeCount: 3,
    privacy: 1,
    directId: 12,
    ...overrides,
  });

/** The live of the direct 12 as the server tells it; tests change only what they look at. */
export const makeLiveStatus = (overrides: Partial<LiveStatus> = {}): LiveStatus => ({
  state: 'live',
  startedAt: '2026-11-21T18:02:00Z',
  endedAt: null,
  viewers: 3,
  playlist: '/api/media/live/12/master.m3u8',
  rediffVideoId: null,
  rediffProgress: null,
  problem: null,
  segmentSeconds: null,
  lowLatency: false,
  ...overrides,
});

import { http, HttpResponse } from 'msw';
import type {
  ChatPage,
  DirectBroadcast,
  LiveSettings,
  LiveStatus,
  SiteSettings,
  TrimActivityList,
} from '@plateau/contract';
import { LIVE_OFF } from '../resources/live.ts';
import { siteDefaults } from '../resources/site.ts';
import { videoStatistics } from './statistics.ts';

export const testSite: SiteSettings = {
  ...siteDefaults,
  associationName: 'Plateau Test',
  bannerVideoUrl: '/banner.mp4',
  contacts: {
    ...siteDefaults.contacts,
    general: { name: 'Bureau', email: 'bureau@example.org' },
  },
  sso: true,
};

/** A direct's live when it is not broadcast on Plateau. */
export const liveOff: LiveStatus = LIVE_OFF;

/** A direct's chat as a visitor reads it: open, empty, nothing to write with. */
export const emptyChat: ChatPage = {
  state: {
    enabled: true,
    slowModeSeconds: 0,
    membersOnly: false,
    pinned: null,
    canWrite: false,
    canModerate: false,
  },
  messages: [],
  hasOlder: false,
};

/** What every test gets unless it says otherwise: a quiet, empty site. */
export const handlers = [
  http.get('*/api/site', () => HttpResponse.json(testSite)),
  http.get('*/api/homeDisplay', () => HttpResponse.json({ homeDisplay: 0 })),
  http.get('*/api/currentLive', () =>
    HttpResponse.json(
      { statusCode: 404, error: 'Not Found', message: 'Aucun DT en cours' },
      { status: 404 },
    ),
  ),
  http.get('*/api/directs', () => HttpResponse.json({ directs: [], nResults: 0 })),
  ...['', '/history', '/liked', '/mostLiked', '/mostViewed', '/trending', '/search/:term'].map(
    (list) => http.get(`*/api/videos${list}`, () => HttpResponse.json({ videos: [], nResults: 0 })),
  ),
  http.get('*/api/tags', () => HttpResponse.json([])),
  http.get('*/api/media/thumbnail/:id', () => new HttpResponse(null, { status: 404 })),
  // No captions unless a test gives some (the player asks for every video).
  http.get('*/api/media/captions/:id', () => HttpResponse.json({ captions: [] })),
  // No chapters either unless a test gives some.
  http.get('*/api/videos/:id/chapters', () => HttpResponse.json({ chapters: [] })),
  // No seek previews unless a test gives a storyboard (the player asks once it plays).
  http.get('*/api/media/storyboard/:file', () =>
    HttpResponse.json(
      { statusCode: 404, error: 'Not Found', message: 'Aucun aperçu pour cette vidéo' },
      { status: 404 },
    ),
  ),
  // The signed-in home's blocks: nothing featured, nothing trending, no videos.
  http.get('*/api/directs/currentDirect', () => HttpResponse.json({ directs: [], nResults: 0 })),
  // Plateau Live: no direct is broadcast on Plateau, nothing automatic.
  http.get('*/api/directs/:id/live', () => HttpResponse.json(liveOff)),
  http.get('*/api/directs/:id/broadcast', () =>
    HttpResponse.json<DirectBroadcast>({
      enabled: false,
      serverUrl: '',
      streamKey: null,
      lowLatency: false,
    }),
  ),
  http.get('*/api/liveSettings', () =>
    HttpResponse.json<LiveSettings>({ liveSetsCurrent: false, publishRediff: false }),
  ),
  // The chat of the direct (issue 36): empty, no moderation yet, no forbidden word.
  http.get('*/api/directs/:id/chat', () => HttpResponse.json(emptyChat)),
  http.get('*/api/directs/:id/chat/moderation', () => HttpResponse.json({ actions: [] })),
  http.get('*/api/chatForbiddenWords', () => HttpResponse.json({ words: [] })),
  // « Revoir le chat »: a REDIFF's page asks for its live's chat; none unless a test gives one.
  http.get('*/api/videos/:id/chat', () => HttpResponse.json({ messages: [] })),
  // No cut on its way or failed lately (/pending lists them above the waiting videos).
  http.get('*/api/videos/trims', () => HttpResponse.json<TrimActivityList>({ cuts: [] })),
  // « Statistiques »: nothing watched yet (a published video's edit page shows its section).
  http.get('*/api/stats/videos/:id', ({ params, request }) => {
    const query = new URL(request.url).searchParams;
    return HttpResponse.json(
      videoStatistics(Number(params.id), query.get('from') ?? '', query.get('to') ?? ''),
    );
  }),
  // A page that plays media reports it (jsdom has no sendBeacon: it posts with fetch).
  http.post('*/api/stats/heartbeat', () => new HttpResponse(null, { status: 204 })),
];

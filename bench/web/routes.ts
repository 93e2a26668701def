/** A page the bench opens, with the session it is opened in. */
export interface BenchRoute {
  path: string;
  signedIn: boolean;
}

/** Ids of demo content the detail pages need, read from the API. */
export interface RouteIds {
  directId: number | undefined;
  playlistCode: string | undefined;
  /** The watch page of the bench's own 2-minute video. */
  watchPath: string;
}

/**
 * Every screen of the browsing app. Public pages are opened signed out and compared with `/`
 * signed out (a visitor's path); pages behind the guard are opened as the demo's `spectateur`
 * and compared with `/` signed in.
 */
export const benchRoutes = ({ directId, playlistCode, watchPath }: RouteIds): BenchRoute[] => [
  { path: '/login', signedIn: false },
  { path: '/videos', signedIn: false },
  { path: '/search/gala', signedIn: false },
  { path: '/directs', signedIn: false },
  ...(directId === undefined ? [] : [{ path: `/direct?d=${directId}`, signedIn: false }]),
  { path: '/contact', signedIn: false },
  { path: '/portfolio', signedIn: false },
  { path: '/page-introuvable', signedIn: false },
  { path: '/history', signedIn: true },
  { path: '/liked', signedIn: true },
  { path: '/mostLiked', signedIn: true },
  { path: '/mostViewed', signedIn: true },
  { path: '/playlists', signedIn: true },
  { path: '/featured', signedIn: true },
  ...(playlistCode === undefined ? [] : [{ path: `/playlist?pl=${playlistCode}`, signedIn: true }]),
  { path: watchPath, signedIn: true },
  { path: '/addPlaylist', signedIn: true },
];

/** Every URL of the app, built in one place. */
export const paths = {
  home: () => '/',
  login: () => '/login',
  authCallback: () => '/auth/callback',
  contact: () => '/contact',
  portfolio: () => '/portfolio',
  videos: () => '/videos',
  search: (text: string) => `/search/${encodeURIComponent(text)}`,
  video: (id: number) => `/video?v=${id}`,
  direct: (id: number) => `/direct?d=${id}`,
  directs: () => '/directs',
  currentLive: () => '/dt',
  history: () => '/history',
  liked: () => '/liked',
  mostLiked: () => '/mostLiked',
  mostViewed: () => '/mostViewed',
  playlists: () => '/playlists',
  featured: () => '/featured',
  playlist: (code: string) => `/playlist?pl=${encodeURIComponent(code)}`,
  /** A video watched inside a playlist (its side panel and autoplay). */
  playlistVideo: (id: number, code: string) => `/video?v=${id}&pl=${encodeURIComponent(code)}`,
  addPlaylist: () => '/addPlaylist',
  editPlaylist: (code: string) => `/editPlaylist/${encodeURIComponent(code)}`,
  addVideo: () => '/addVideo',
  /** Many files at once (issue 19). */
  addVideos: () => '/addVideos',
  editVideo: (id: number) => `/editVideo/${id}`,
  pending: () => '/pending',
  addDirect: () => '/addDirect',
  editDirect: (id: number) => `/editDirect/${id}`,
  settings: () => '/settings',
  users: () => '/users',
  /** Version, disk, encodes, last backup and health (geeks). */
  system: () => '/system',
  categories: () => '/categories',
  /** « Statistiques » (issue 35): the site's, `search` holding the period (`?period=…`). */
  statistics: (search = '') => `/statistics${search ? `?${search}` : ''}`,
  /** The printable report of a period (`?from=…&to=…&period=…`). */
  statisticsReport: (search: string) => `/statistics/report?${search}`,
  videoStatistics: (id: number) => `/statistics/video/${id}`,
  directStatistics: (id: number) => `/statistics/direct/${id}`,
  /** Single sign-on start: a full browser navigation to the server. */
  ssoStart: () => '/api/login/vr',
} as const;

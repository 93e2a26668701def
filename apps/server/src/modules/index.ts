import type { FeatureModule } from '../app-deps.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { ssoRoutes } from './auth/sso/sso.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { directsRoutes } from './directs/directs.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { playlistsRoutes } from './playlists/playlists.routes.ts';
import { tagsRoutes } from './tags/tags.routes.ts';
import { videosRoutes } from './videos/videos.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { storyboardRoutes } from './media/storyboard.routes.ts';
import { captionRoutes } from './media/captions.routes.ts';
import { chaptersRoutes } from './media/chapters.routes.ts';
import { trimsRoutes } from './media/trims.routes.ts';
import { adaptiveRoutes } from './media/adaptive.routes.ts';
import { encodingRoutes } from './encoding/encoding.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { resumableUploadRoutes } from './media/resumable-uploads.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { statisticsRoutes } from './statistics/statistics.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';

/** Every feature's routes, registered under /api by app.ts. */
export const featureModules: FeatureModule[] = [
  tagsRoutes,
  videosRoutes,
  authRoutes,
  ssoRoutes,
  usersRoutes,
  playlistsRoutes,
  directsRoutes,
  settingsRoutes,
  mediaRoutes,
  storyboardRoutes,
  captionRoutes,
  chaptersRoutes,
  trimsRoutes,
  adaptiveRoutes,
  encodingRoutes,
  healthRoutes,
  siteRoutes,
  liveRoutes,
  resumableUploadRoutes,
  systemRoutes,
  statisticsRoutes,
  chatRoutes,
];

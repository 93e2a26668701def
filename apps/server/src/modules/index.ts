import type { FeatureModule } from '../lib/feature.ts';
import { playlistsRoutes } from './playlists/playlists.routes.ts';
import { tagsRoutes } from './tags/tags.routes.ts';

/** Every feature's routes, registered under /api by app.ts. */
export const featureModules: FeatureModule[] = [tagsRoutes, playlistsRoutes];

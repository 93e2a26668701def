/**
 * Moved to app-deps.ts: lib/ does not import the app's wiring. Kept only until auth/ and users/
 * (whose owner is changing them now) import FeatureModule from app-deps.ts; then delete it.
 */
// eslint-disable-next-line import-x/no-restricted-paths
export type { FeatureModule } from '../app-deps.ts';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps.ts';

/** A feature module: given the app's dependencies, a plugin of routes under /api. */
export type FeatureModule = (deps: AppDeps) => FastifyPluginAsyncTypebox;

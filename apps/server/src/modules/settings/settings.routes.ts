import {
  CurrentDirectBody,
  CurrentDirectParams,
  ErrorResponses,
  GpaPromoBody,
  GpaPromoParams,
  HomeDisplayBody,
  HomeDisplayParams,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createSettingsService } from './settings.service.ts';

const tags = ['settings'];

export const settingsRoutes: FeatureModule = ({ db }) => {
  const settings = createSettingsService(db);
  return async (app) => {
    app.get('/homeDisplay', { schema: { tags, response: { 200: HomeDisplayBody } } }, () =>
      settings.homeDisplay(),
    );
    app.put(
      '/homeDisplay/:n',
      {
        schema: {
          tags,
          params: HomeDisplayParams,
          response: { 200: HomeDisplayBody, ...ErrorResponses },
        },
      },
      (request) => settings.setHomeDisplay(request.viewer, request.params.n),
    );
    app.get('/gpaPromo', { schema: { tags, response: { 200: GpaPromoBody } } }, () =>
      settings.gpaPromo(),
    );
    app.put(
      '/gpaPromo/:n',
      {
        schema: {
          tags,
          params: GpaPromoParams,
          response: { 200: GpaPromoBody, ...ErrorResponses },
        },
      },
      (request) => settings.setGpaPromo(request.viewer, request.params.n),
    );
    app.put(
      '/currentDirect/:id',
      {
        schema: {
          tags,
          params: CurrentDirectParams,
          response: { 200: CurrentDirectBody, ...ErrorResponses },
        },
      },
      (request) => settings.setCurrentDirect(request.viewer, request.params.id),
    );
  };
};

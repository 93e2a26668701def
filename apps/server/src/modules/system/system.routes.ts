import { ErrorResponses, SystemStatus } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { workingDiskFolder } from '../../storage/free-space.ts';
import { createSystemService } from './system.service.ts';

/**
 * `GET /api/system` (geeks): version, uptime, database, media disk, encode queue with the
 * failed encodes, last backup and health. A failed encode is retried with `POST /api/encode/:id`.
 */
export const systemRoutes: FeatureModule = ({
  config,
  database,
  storage,
  mediaBinaries,
  jobs,
  renditionUpgrade,
  mediaMove,
}) => {
  const system = createSystemService({
    config,
    database,
    jobs,
    // With a bucket, the local disk that fills is the scratch folder's (DATA_DIR).
    mediaRoot: workingDiskFolder(config, storage),
    mediaBinaries,
    renditionUpgrade,
    mediaMove,
  });
  return async (app) => {
    app.get(
      '/system',
      {
        schema: {
          tags: ['system'],
          summary: 'The state of this installation, for geeks',
          response: { 200: SystemStatus, ...ErrorResponses },
        },
      },
      (request) => system.status(request.viewer),
    );
  };
};

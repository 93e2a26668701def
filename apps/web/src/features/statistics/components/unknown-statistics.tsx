import { ApiError } from '../../../lib/api.ts';
import {
  directStatisticsMessages,
  useStatisticsLoadError,
  videoStatisticsMessages,
} from './use-statistics-load-error.ts';

const notFound = new ApiError(404, 'Introuvable');

/** An address whose id cannot be one leaves as an unknown video or direct does. */
export const UnknownStatistics = ({ of }: { of: 'video' | 'direct' }) => {
  useStatisticsLoadError(
    notFound,
    of === 'video' ? videoStatisticsMessages : directStatisticsMessages,
  );
  return null;
};

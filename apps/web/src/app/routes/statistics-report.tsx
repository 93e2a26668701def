import { Navigate, useSearchParams } from 'react-router';
import { StatisticsReport } from '../../features/statistics/components/statistics-report.tsx';
import { readReportQuery } from '../../features/statistics/statistics-period.ts';
import { paths } from '../../lib/paths.ts';

/** `/statistics/report?from&to&period`: an address without a whole period goes back to the choice. */
export const StatisticsReportPage = () => {
  const query = readReportQuery(useSearchParams()[0]);
  if (!query) return <Navigate to={paths.statistics()} replace />;
  return <StatisticsReport query={query} />;
};

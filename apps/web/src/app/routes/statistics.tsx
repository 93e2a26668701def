import { useSearchParams } from 'react-router';
import { SiteStatisticsScreen } from '../../features/statistics/components/site-statistics-screen.tsx';
import {
  localToday,
  periodParams,
  readPeriod,
} from '../../features/statistics/statistics-period.ts';

/** `/statistics` (members and geeks): the period lives in the address, a reload keeps it. */
export const StatisticsPage = () => {
  const [params, setParams] = useSearchParams();
  return (
    <SiteStatisticsScreen
      choice={readPeriod(params, localToday())}
      // Typing a date replaces the address rather than stacking a page per keystroke.
      onPeriod={(period, range) => setParams(periodParams(period, range), { replace: true })}
    />
  );
};

import { useParams, useSearchParams } from 'react-router';
import { UnknownStatistics } from '../../features/statistics/components/unknown-statistics.tsx';
import { VideoStatisticsScreen } from '../../features/statistics/components/video-statistics-screen.tsx';
import {
  localToday,
  periodParams,
  readPeriod,
} from '../../features/statistics/statistics-period.ts';
import { parseVideoId } from '../../features/watch/api/watch-params.ts';

/** `/statistics/video/{id}` (members and geeks): the period lives in the address. */
export const VideoStatisticsPage = () => {
  const videoId = parseVideoId(useParams().videoId ?? null);
  const [params, setParams] = useSearchParams();
  if (videoId === null) return <UnknownStatistics of="video" />;
  return (
    <VideoStatisticsScreen
      key={videoId}
      videoId={videoId}
      choice={readPeriod(params, localToday())}
      onPeriod={(period, range) => setParams(periodParams(period, range), { replace: true })}
    />
  );
};

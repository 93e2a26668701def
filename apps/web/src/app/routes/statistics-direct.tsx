import { useParams } from 'react-router';
import { UnknownStatistics } from '../../features/statistics/components/unknown-statistics.tsx';
import { DirectStatisticsScreen } from '../../features/statistics/components/direct-statistics-screen.tsx';
import { parseDirectId } from '../../resources/directs.ts';

/** `/statistics/direct/{id}` (members and geeks). */
export const DirectStatisticsPage = () => {
  const directId = parseDirectId(useParams().directId ?? null);
  if (directId === null) return <UnknownStatistics of="direct" />;
  return <DirectStatisticsScreen key={directId} directId={directId} />;
};

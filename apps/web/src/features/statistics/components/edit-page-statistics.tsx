import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';

// The section draws a chart: the charts' library loads when a published video's edit page
// shows it, not with the edit page itself.
const Section = lazy(async () => ({
  default: (await import('./video-statistics-section.tsx')).VideoStatisticsSection,
}));

/** « Statistiques » of a published video on its edit page (issue 35). */
export const EditPageStatistics = ({ videoId }: { videoId: number }) => (
  <Suspense
    fallback={<Skeleton variant="rounded" height={240} aria-label="Chargement des statistiques" />}
  >
    <Section videoId={videoId} />
  </Suspense>
);

/**
 * The « Statistiques » pages, loaded together by every statistics route: they share the charts'
 * library, and one chunk for all of them keeps the app's list of lazy files (in the landing
 * page's JavaScript) to a few names instead of one per piece they share.
 */
export { StatisticsPage } from './statistics.tsx';
export { StatisticsReportPage } from './statistics-report.tsx';
export { VideoStatisticsPage } from './statistics-video.tsx';
export { DirectStatisticsPage } from './statistics-direct.tsx';

import { lazy, Suspense } from 'react';
import { useDownloadEntries } from '../use-downloads.ts';

// Most visits download nothing: the panel's components load with the first download.
const DownloadList = lazy(async () => ({
  default: (await import('./download-list.tsx')).DownloadList,
}));

/**
 * The download panel (spec "Layout elements"): one entry per download. Mounted once in the main
 * layout, so downloads stay listed while the person browses other pages.
 */
export const DownloadPanel = () => {
  const entries = useDownloadEntries();
  if (entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DownloadList entries={entries} />
    </Suspense>
  );
};

import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { parseDirectId, useDirect } from '../../resources/directs.ts';
import {
  DirectDetails,
  DirectDetailsSkeleton,
} from '../../features/directs/components/direct-details.tsx';
import { DirectNeighbours } from '../../features/directs/components/direct-neighbours.tsx';
import { DirectVideos } from '../../features/directs/components/direct-videos.tsx';
import { useDirectLoadError } from '../../features/directs/components/use-direct-load-error.ts';

/** `/direct?d=`: one direct, its neighbours and its videos; refusals leave (spec section 8). */
export const DirectPage = () => {
  const [params] = useSearchParams();
  const id = parseDirectId(params.get('d'));
  const direct = useDirect(id);
  useDirectLoadError(direct.error);

  if (!direct.data) return <DirectDetailsSkeleton />;
  return (
    <>
      <DirectDetails direct={direct.data} />
      <Page>
        <DirectNeighbours directId={direct.data.id} />
        <DirectVideos directId={direct.data.id} />
      </Page>
    </>
  );
};

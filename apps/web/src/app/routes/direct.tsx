import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import { Page } from '../../components/page.tsx';
import { useSession } from '../../lib/session.ts';
import { parseDirectId, useDirect } from '../../resources/directs.ts';
import { isOnAir, LIVE_OFF, useLiveStatus } from '../../resources/live.ts';
import {
  DirectDetails,
  DirectDetailsSkeleton,
} from '../../features/directs/components/direct-details.tsx';
import { DirectNeighbours } from '../../features/directs/components/direct-neighbours.tsx';
import { DirectVideos } from '../../features/directs/components/direct-videos.tsx';
import { LiveNotice } from '../../features/directs/components/live-notice.tsx';
import { useDirectLoadError } from '../../features/directs/components/use-direct-load-error.ts';

// Only a live on the air loads its player, and the player alone loads hls.js.
const LivePlayer = lazy(async () => ({
  default: (await import('../../features/player/components/live-player.tsx')).LivePlayer,
}));

// The chat loads only for a direct whose chat is open.
const ChatPanel = lazy(async () => ({
  default: (await import('../../features/chat/components/chat-panel.tsx')).ChatPanel,
}));

/**
 * `/direct?d=`: one direct, its live when on Plateau, its chat when open, its neighbours and its
 * videos.
 */
export const DirectPage = () => {
  const [params] = useSearchParams();
  const id = parseDirectId(params.get('d'));
  const direct = useDirect(id);
  const { token } = useSession();
  useDirectLoadError(direct.error);
  // A status that cannot be read leaves the page as it always was.
  const status = useLiveStatus(direct.data?.id ?? null);
  const live = status.data ?? LIVE_OFF;

  if (!direct.data) return <DirectDetailsSkeleton />;
  const playlist = isOnAir(live.state) ? live.playlist : null;
  return (
    <>
      <DirectDetails
        direct={direct.data}
        onPlateau={live.state !== 'off'}
        liveState={status.data?.state}
        chat={
          direct.data.chat && (
            <Suspense fallback={null}>
              <ChatPanel directId={direct.data.id} />
            </Suspense>
          )
        }
        notice={<LiveNotice status={live} />}
        player={
          playlist && (
            <Suspense fallback={<Box sx={{ aspectRatio: '16 / 9' }} />}>
              <LivePlayer
                key={playlist}
                playlist={playlist}
                token={token}
                title={direct.data.title}
                reconnecting={live.state === 'reconnecting'}
                lowLatency={live.lowLatency}
                viewers={live.viewers}
                report={{ directId: direct.data.id }}
              />
            </Suspense>
          )
        }
      />
      <Page>
        <DirectNeighbours directId={direct.data.id} />
        <DirectVideos directId={direct.data.id} />
      </Page>
    </>
  );
};

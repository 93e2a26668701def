import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Playlist, Video } from '@plateau/contract';
import { CardGrid, CardGridSkeleton } from '../../../components/card-grid.tsx';
import { Page } from '../../../components/page.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { isPlaylistCode, usePlaylist, usePlaylistVideos } from '../../../resources/playlists.ts';
import { PlaylistActions } from './playlist-actions.tsx';
import { PlaylistIcons } from './playlist-icons.tsx';
import { formatVideoCount } from './video-count.ts';

/** Spec section 8, "Loading": both send the person back to /playlists. */
export const PLAYLIST_LOAD_ERROR = 'Erreur pendant le chargement de la playlist';
export const PLAYLIST_VIDEOS_LOAD_ERROR = 'Erreur pendant le chargement des vidéos de la playlist';

/** Spec section 2, /playlist?pl=: the playlist, its actions and its videos. */
export const PlaylistPage = () => {
  const [params] = useSearchParams();
  const code = params.get('pl') ?? '';
  const playlist = usePlaylist(code);
  const videos = usePlaylistVideos(code);
  useLeaveOnError(code, playlist.isError, videos.isError && playlist.isSuccess);

  if (!playlist.data) return <PlaylistSkeleton />;
  return (
    <Page>
      <PlaylistHeader playlist={playlist.data} />
      {videos.data ? (
        <PlaylistVideos code={playlist.data.code} videos={videos.data} />
      ) : (
        <Box role="status" aria-label="Chargement">
          <CardGridSkeleton count={Math.min(playlist.data.videoCount ?? 8, 8)} />
        </Box>
      )}
    </Page>
  );
};

/**
 * A failed load (or no code at all) says which part failed, once, and goes to /playlists.
 * The videos' failure waits for the playlist's answer, so a 404 always names the playlist.
 */
const useLeaveOnError = (code: string, playlistFailed: boolean, videosFailed: boolean) => {
  const notify = useNotify();
  const navigate = useNavigate();
  // The code already reported: one message per playlist, even if both calls fail.
  const left = useRef<string | null>(null);
  const failed = !isPlaylistCode(code) || playlistFailed;
  useEffect(() => {
    if (left.current === code || !(failed || videosFailed)) return;
    left.current = code;
    notify(failed ? PLAYLIST_LOAD_ERROR : PLAYLIST_VIDEOS_LOAD_ERROR, 'error');
    void navigate(paths.playlists(), { replace: true });
  }, [code, failed, videosFailed, notify, navigate]);
};

const PlaylistHeader = ({ playlist }: { playlist: Playlist }) => (
  <Box component="header" sx={{ mb: 3 }}>
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{
              fontWeight: 700,
              fontSize: { xs: '1.6rem', sm: '2.125rem' },
              overflowWrap: 'anywhere',
            }}
          >
            {playlist.title}
          </Typography>
          <PlaylistIcons playlist={playlist} />
        </Box>
        {playlist.videoCount !== undefined && (
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            {formatVideoCount(playlist.videoCount)}
          </Typography>
        )}
      </Box>
      <PlaylistActions playlist={playlist} />
    </Box>
    {playlist.description && (
      // Plain text: the author's line breaks are kept, nothing is read as HTML.
      <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: 900 }}>
        {playlist.description}
      </Typography>
    )}
  </Box>
);

const PlaylistVideos = ({ code, videos }: { code: string; videos: Video[] }) =>
  videos.length === 0 ? (
    <Typography color="textSecondary" sx={{ py: 6, textAlign: 'center' }}>
      Cette playlist ne contient aucune vidéo.
    </Typography>
  ) : (
    <CardGrid>
      {videos.map((video, index) => (
        <VideoCard
          key={video.id}
          video={video}
          to={paths.playlistVideo(video.id, code)}
          eager={index < 4}
        />
      ))}
    </CardGrid>
  );

const PlaylistSkeleton = () => (
  <Page>
    <Box role="status" aria-label="Chargement">
      <Skeleton width="40%" height={48} />
      <Skeleton width="20%" sx={{ mb: 3 }} />
      <CardGridSkeleton count={4} />
    </Box>
  </Page>
);

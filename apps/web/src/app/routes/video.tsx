import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { createPlaybackClock } from '../../features/chat/chat-replay.ts';
import { ChatReplaySection } from '../../features/chat/components/chat-replay-panel.tsx';
import { useDownloads } from '../../features/downloads/use-downloads.ts';
import { VideoPlayer } from '../../features/player/components/video-player.tsx';
import { useChatReplay } from '../../resources/chat.ts';
import {
  isPlaylistCode,
  libraryQuery,
  playlistQuery,
  playlistVideosQuery,
} from '../../resources/playlists.ts';
import { useTags } from '../../resources/tags.ts';
import { useRecordView } from '../../features/watch/api/watch-mutations.ts';
import { parseAt, parseVideoId } from '../../features/watch/api/watch-params.ts';
import { useVideo } from '../../resources/videos.ts';
import { AddToPlaylist } from '../../features/watch/components/add-to-playlist.tsx';
import { PlaylistPanel } from '../../features/watch/components/playlist-panel.tsx';
import { wantsAutoPlay } from '../../features/watch/components/playlist-play.ts';
import { RelatedVideos } from '../../features/watch/components/related-videos.tsx';
import { usePlaylistPlay } from '../../features/watch/components/use-playlist-play.ts';
import { useVideoLoadError } from '../../features/watch/components/use-video-load-error.ts';
import {
  VideoDetails,
  VideoDetailsSkeleton,
} from '../../features/watch/components/video-details.tsx';
import { VideoTags } from '../../features/watch/components/video-tags.tsx';
import { isMember } from '../../lib/privacy.ts';
import { useSession } from '../../lib/session.ts';

/**
 * The page's other lists start at the player's first frame, or this long after the video's
 * data at most (a browser that loads no frame before play): until then the server and the
 * connections serve the chosen rung alone.
 */
const LISTS_WAIT_MS = 300;

/** Beside the player from this width; under it (playlist first) on tablets and phones. */
const WIDE_QUERY = '(min-width: 1100px)';
const WIDE = `@media ${WIDE_QUERY}`;

/**
 * `/video?v={id}&pl={code}&at={seconds}` (spec section 2). The video's own query comes first
 * (its route loader starts it) and the player starts from it; every other list (like, tags,
 * random, same direct, the viewer's playlists, the view) waits for the player's first frame,
 * so none of them competes with it.
 */
export const VideoPage = () => {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const id = parseVideoId(params.get('v'));
  const startAt = parseAt(params.get('at'));
  const rawCode = params.get('pl');
  const code = isPlaylistCode(rawCode) ? rawCode : null;

  const video = useVideo(id);
  useVideoLoadError(video.error);
  // Per video: the next one of a playlist waits for its own first frame.
  const [framedId, setFramedId] = useState<number | null>(null);
  useEffect(() => {
    if (!video.isSuccess || framedId === id) return;
    const timer = setTimeout(() => setFramedId(id), LISTS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [video.isSuccess, framedId, id]);
  const ready = video.isSuccess && framedId === id;

  // The playlist is only a side panel: it loads beside the player, not before it.
  const playlist = useQuery({
    ...playlistQuery(session.userId, code ?? ''),
    enabled: ready && code !== null,
  });
  const playlistVideos = useQuery({
    ...playlistVideosQuery(session.userId, code ?? ''),
    enabled: ready && code !== null,
  });
  const play = usePlaylistPlay({
    code,
    failed: playlist.isError || playlistVideos.isError,
    videos: playlistVideos.data,
    currentId: id,
  });
  const downloads = useDownloads();
  const views = useRecordView(id ?? 0, ready);
  // One panel, placed by the width: beside the player, or right under it.
  const wide = useMediaQuery(WIDE_QUERY, { noSsr: true });

  // « Revoir le chat »: a REDIFF's live chat, read once the player has its frame, like the
  // other side lists. A failed read shows nothing: the video matters, the chat is extra.
  const replay = useChatReplay(id ?? 0, ready && (video.data?.directId ?? -1) > 0);
  const [clock] = useState(createPlaybackClock);
  // Another video (a playlist's next one) starts from its own beginning, not the last one's time.
  useEffect(() => {
    clock.set(0);
  }, [clock, id]);
  const seek = useRef<(seconds: number) => void>(null);
  // Open beside the player by default, closed under it (a phone's screen is the video's);
  // once the viewer chooses, their choice holds whatever the width.
  const [chatChoice, setChatChoice] = useState<boolean | null>(null);
  const replayMessages = replay.data?.messages ?? [];
  const chat = replayMessages.length > 0 && (
    <ChatReplaySection
      messages={replayMessages}
      clock={clock}
      onSeek={(seconds) => seek.current?.(seconds)}
      open={chatChoice ?? wide}
      onOpenChange={setChatChoice}
      height={wide ? 'min(70vh, 560px)' : '50vh'}
    />
  );

  const panel = code !== null && video.data && (
    <PlaylistPanel
      code={code}
      playlist={playlist.data}
      videos={playlistVideos.data}
      currentId={video.data.id}
      repeat={play.repeat}
      onRepeatChange={play.setRepeat}
      onClose={play.leave}
    />
  );

  return (
    <Box
      sx={{
        maxWidth: 1600,
        mx: 'auto',
        px: { xs: 0, sm: 3 },
        py: { xs: 0, sm: 3 },
        display: 'grid',
        gap: 3,
        gridTemplateColumns: 'minmax(0, 1fr)',
        [WIDE]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(320px, 400px)' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ bgcolor: '#000', borderRadius: { xs: 0, sm: 2 }, overflow: 'hidden' }}>
          {video.data ? (
            <VideoPlayer
              key={video.data.id}
              video={video.data}
              token={session.token}
              startAt={startAt}
              autoPlay={wantsAutoPlay(location.state)}
              isMember={isMember(session.role)}
              onEnded={play.onEnded}
              onFirstFrame={() => setFramedId(video.data?.id ?? null)}
              onDownload={() => video.data && downloads.start(video.data)}
              report
              onTimeUpdate={clock.set}
              seekRef={seek}
            />
          ) : (
            <Box role="status" aria-label="Chargement de la vidéo" sx={{ aspectRatio: '16 / 9' }} />
          )}
        </Box>
        <Box sx={{ px: { xs: 2, sm: 0 } }}>
          {panel && !wide && <Box sx={{ mt: 2 }}>{panel}</Box>}
          {chat && !wide && <Box sx={{ mt: 2 }}>{chat}</Box>}
          {video.data ? (
            <WatchDetails video={video.data} views={views} ready={ready} />
          ) : (
            <VideoDetailsSkeleton />
          )}
        </Box>
      </Box>
      <Box component="aside" aria-label="Autres vidéos" sx={{ minWidth: 0, px: { xs: 2, sm: 0 } }}>
        {panel && wide && <Box sx={{ mb: 3 }}>{panel}</Box>}
        {chat && wide && <Box sx={{ mb: 3 }}>{chat}</Box>}
        {video.data && (
          <RelatedVideos
            videoId={video.data.id}
            directId={video.data.directId}
            enabled={ready}
            compact={wide}
          />
        )}
      </Box>
    </Box>
  );
};

/** The details under the player, with the tags and the members' playlist menu composed in. */
const WatchDetails = ({
  video,
  views,
  ready,
}: {
  video: Video;
  views: number | null;
  ready: boolean;
}) => {
  const session = useSession();
  const member = isMember(session.role);
  const tags = useTags(ready && video.tagIds.length > 0);
  const canAdd = member && video.processing === Processing.Published;
  const library = useQuery({ ...libraryQuery(session.userId), enabled: ready && canAdd });
  const own = library.data?.filter((playlist) => playlist.authorId === session.userId);
  return (
    <VideoDetails
      video={video}
      views={views}
      tags={tags.data && <VideoTags tagIds={video.tagIds} tags={tags.data} />}
      likeReady={ready}
      addToPlaylist={
        canAdd && <AddToPlaylist videoId={video.id} playlists={own} status={library.status} />
      }
    />
  );
};

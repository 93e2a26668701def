import { useCallback, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { playOrMuted, playSafely } from '../resume.ts';
import { useFullscreen } from '../use-fullscreen.ts';
import { useIdle } from '../use-idle.ts';
import { useLivePosition } from '../use-live-position.ts';
import { useLiveStream } from '../use-live-stream.ts';
import { useRejoinLive } from '../use-rejoin-live.ts';
import { useMediaCommands } from '../use-media-commands.ts';
import { useMediaState } from '../use-media-state.ts';
import { usePlayerKeys } from '../use-player-keys.ts';
import { useSurfaceGestures } from '../use-surface-gestures.ts';
import { useWatchReport } from '../use-watch-report.ts';
import { LiveControls } from './live-controls.tsx';
import { PlayerFrame, usePlayerFrame } from './player-frame.tsx';
import { overlaySx, PlaybackOverlay } from './player-overlay.tsx';

export interface LivePlayerProps {
  /** The master playlist, a path under /api (`LiveStatus.playlist`). */
  playlist: string;
  /** The viewer's token: players cannot send the header, so it rides in the query string. */
  token: string | null;
  title: string;
  /** The encoder dropped: the player stays and says the live resumes in a moment. */
  reconnecting: boolean;
  /** « Latence faible »: the player keeps to the playlist's part hold-back. */
  lowLatency: boolean;
  viewers: number;
  /** The direct page: what is played of the live goes to the statistics (issue 35). */
  report?: { directId: number };
}

/** The playlist with the token, as the VOD streams carry it (the server passes it on). */
export const livePlaylistUrl = (playlist: string, token: string | null) =>
  token
    ? `${playlist}${playlist.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`
    : playlist;

/** How the live's messages sit on the picture: a centred column of text and a button. */
const message = {
  ...overlaySx,
  alignContent: 'center',
  gap: 1.5,
  textAlign: 'center',
  px: 2,
} as const;

/** The live's player: a plain `<video>` fed by HLS, our controls, the watch page's keys. */
export const LivePlayer = ({
  playlist,
  token,
  title,
  reconnecting,
  lowLatency,
  viewers,
  report,
}: LivePlayerProps) => {
  const frame = usePlayerFrame();
  const media = useRef<HTMLVideoElement>(null);
  const stream = useLiveStream(media, livePlaylistUrl(playlist, token), {
    reconnecting,
    lowLatency,
  });
  const state = useMediaState(media);
  const position = useLivePosition(media, stream.liveEdge);
  const [menuOpen, setMenuOpen] = useState(false);
  const { shown, wake } = useIdle(!state.paused && !menuOpen);
  const fullscreen = useFullscreen(frame.root, media);
  const commands = useMediaCommands(media);
  const started = useRef(false);
  // The live's timeline is the element's: hls.js keeps its position moving as the live plays.
  useWatchReport(media, report ?? null);

  const seek = useCallback((time: number) => {
    const video = media.current;
    if (!video || video.seekable.length === 0) return;
    const start = video.seekable.start(0);
    const end = video.seekable.end(video.seekable.length - 1);
    video.currentTime = Math.min(end, Math.max(start, time));
  }, []);

  const { liveEdge } = stream;
  const goLive = useCallback(() => {
    const video = media.current;
    const edge = liveEdge();
    if (!video || edge === null) return;
    video.currentTime = edge;
    if (video.paused) void playSafely(video);
  }, [liveEdge]);
  useRejoinLive(media, liveEdge, goLive);

  // Seeking stays inside the live's window; the other keys act as on the watch page.
  usePlayerKeys(media, fullscreen.toggle, wake, seek);

  const { onPointerDown, onClick, onDoubleClick } = useSurfaceGestures({
    controlsShown: shown,
    wake,
    togglePlay: commands.togglePlay,
    toggleFullscreen: fullscreen.toggle,
    openMenu: () => {},
  });

  return (
    <PlayerFrame
      role="region"
      aria-label="Lecteur du direct"
      ref={frame.ref}
      onPointerMove={wake}
      shown={shown}
    >
      <Box
        component="video"
        ref={media}
        playsInline
        aria-label={title}
        onLoadedMetadata={(event) => {
          if (started.current) return;
          started.current = true;
          void playOrMuted(event.currentTarget);
        }}
        onPointerDown={onPointerDown}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      />
      {stream.failed ? (
        <Box role="alert" sx={{ ...message, bgcolor: 'rgba(0,0,0,0.7)' }}>
          <Typography>Erreur pendant le chargement du direct</Typography>
          <Box>
            <Button variant="contained" onClick={stream.retry}>
              Réessayer
            </Button>
          </Box>
        </Box>
      ) : reconnecting ? (
        <Box role="status" sx={{ ...message, bgcolor: 'rgba(0,0,0,0.55)', pointerEvents: 'none' }}>
          <CircularProgress color="inherit" size={40} aria-label="Reconnexion au direct" />
          <Typography sx={{ fontWeight: 600 }}>Le direct reprend dans un instant…</Typography>
        </Box>
      ) : (
        <PlaybackOverlay state={state} />
      )}
      <LiveControls
        state={state}
        position={position}
        shown={shown}
        fullscreen={fullscreen.active}
        levels={stream.levels}
        level={stream.level}
        viewers={viewers}
        container={frame.container}
        onTogglePlay={commands.togglePlay}
        onSeek={seek}
        onGoLive={goLive}
        onToggleMute={commands.toggleMute}
        onVolume={commands.setVolume}
        onToggleFullscreen={fullscreen.toggle}
        onSelectLevel={stream.selectLevel}
        onMenuOpenChange={setMenuOpen}
      />
    </PlayerFrame>
  );
};

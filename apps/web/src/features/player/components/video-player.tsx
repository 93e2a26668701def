import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { mediaImageQuery, mediaPaths } from '../../../resources/media.ts';
import { captionSx } from '../captions.ts';
import { contextMenuRules } from '../context-menu-rules.ts';
import { adaptivePlaylistUrl, mediaUrl } from '../../../lib/media-url.ts';
import { readPlayerChoices, rememberPlayerChoices } from '../../../lib/player-choices.ts';
import { applyResume, captureResume, playOrMuted, type Resume } from '../resume.ts';
import { AUTO, chooseRungs, startingQuality } from '../rungs.ts';
import { useAdaptiveStream } from '../use-adaptive-stream.ts';
import { useCaptionDisplay, useCaptions } from '../use-captions.ts';
import { useChapters } from '../use-chapters.ts';
import { useFullscreen } from '../use-fullscreen.ts';
import { useIdle } from '../use-idle.ts';
import { useMediaCommands } from '../use-media-commands.ts';
import { useMediaState } from '../use-media-state.ts';
import { usePlayerKeys } from '../use-player-keys.ts';
import { usePlayerMenuActions } from '../use-player-menu-actions.ts';
import { useSurfaceGestures, type MenuPosition } from '../use-surface-gestures.ts';
import { useWatchReport } from '../use-watch-report.ts';
import { CaptionTracks } from './caption-tracks.tsx';
import { PlayerContextMenu } from './player-context-menu.tsx';
import { PlayerControls } from './player-controls.tsx';
import { PlayerFrame, usePlayerFrame } from './player-frame.tsx';
import { PlaybackOverlay } from './player-overlay.tsx';

export interface VideoPlayerProps {
  video: Video;
  /** The viewer's token, for the media URL's `?token=` (spec section 7, "Media"). */
  token: string | null;
  /** Whole second to start at (`at`); already validated by the page. */
  startAt?: number;
  autoPlay?: boolean;
  /** Members: the frame-download item of the context menu. */
  isMember: boolean;
  /** The first frame is there (the page's other lists wait for it). */
  onFirstFrame?: () => void;
  /** The video ended (the playlist panel starts the next one). */
  onEnded?: (media: HTMLVideoElement) => void;
  /** The context menu's download item. */
  onDownload?: () => void;
  /**
   * The watch page: what is played of a published video goes to the statistics (issue 35);
   * a preview leaves it out.
   */
  report?: boolean;
  /** The playback time at each `timeupdate` and `seeked` (« Revoir le chat » follows it). */
  onTimeUpdate?: (seconds: number) => void;
  /** Receives a function that seeks the video (a time of « Revoir le chat » clicked). */
  seekRef?: Ref<(seconds: number) => void>;
}

/** Our own controls over a plain `<video>` (issue 8: no player library). */
export const VideoPlayer = (props: VideoPlayerProps) => (
  // Another video is a fresh player: its rung, position, loop and menus start over.
  <PlayerBody key={props.video.id} {...props} />
);

const PlayerBody = ({
  video,
  token,
  startAt,
  autoPlay,
  isMember,
  onEnded,
  onFirstFrame,
  onDownload,
  report = false,
  onTimeUpdate,
  seekRef,
}: VideoPlayerProps) => {
  const frame = usePlayerFrame();
  const media = useRef<HTMLVideoElement>(null);
  const rungChoice = useMemo(() => chooseRungs(video), [video]);
  // A rung, or Auto (adaptive streaming) by default once the video is published.
  const [quality, setQuality] = useState(() =>
    startingQuality(rungChoice, readPlayerChoices().quality),
  );
  // Where to be once the source knows its length: `at` first, then each resolution switch.
  const pending = useRef<Resume | null>(startAt ? { time: startAt, playing: false } : null);
  const adaptive = useAdaptiveStream(
    media,
    adaptivePlaylistUrl(video.id, token, video.mediaVersion),
    quality === AUTO,
    () => pending.current?.time ?? -1,
  );
  // Auto that cannot run here (no MSE, a video from before adaptive streaming) plays a rung.
  const auto = quality === AUTO && !adaptive.failed;
  const rung = quality === AUTO ? rungChoice.initial : quality;
  const offered =
    rungChoice.offered.length > 0 && !adaptive.failed
      ? [AUTO, ...rungChoice.offered]
      : rungChoice.offered;
  const state = useMediaState(media);
  const [loop, setLoop] = useState(false);
  const [framed, setFramed] = useState(false);
  const [qualityOpen, setQualityOpen] = useState(false);
  const [menuAt, setMenuAt] = useState<MenuPosition | null>(null);
  const { shown, wake } = useIdle(!state.paused && !qualityOpen && menuAt === null);
  const fullscreen = useFullscreen(frame.root, media);
  const commands = useMediaCommands(media);
  const bar = useRef<HTMLDivElement>(null);
  const captions = useCaptions(video.id);
  const chapters = useChapters(video.id);
  useCaptionDisplay(media, bar, captions.active, captions.languages, shown);
  const { data: poster } = useQuery(mediaImageQuery(mediaPaths.thumbnail(video.id), token));
  const menuActions = usePlayerMenuActions(video.id, media);
  useWatchReport(
    media,
    report && video.processing === Processing.Published ? { videoId: video.id } : null,
  );

  useImperativeHandle(
    seekRef,
    () => (seconds: number) => {
      if (media.current) media.current.currentTime = seconds;
    },
    [],
  );

  const applyPending = (element: HTMLVideoElement) => {
    const resume = pending.current;
    pending.current = null;
    if (resume) applyResume(element, resume);
  };
  const showFirstFrame = () => {
    setFramed(true);
    onFirstFrame?.();
  };
  // The source starts loading when React creates the element, which a route render (a
  // transition) may commit only later; React drops the media events of an element not yet
  // committed, so `loadedmetadata` and `loadeddata` may have passed already: catch up here.
  useLayoutEffect(() => {
    const element = media.current;
    if (!element) return;
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) applyPending(element);
    if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) showFirstFrame();
    // Once, at mount: later loads (a resolution switch) answer their own events.
  }, []);

  useEffect(() => {
    const element = media.current;
    if (!autoPlay || !element) return;
    const start = () => void playOrMuted(element);
    if (element.getAttribute('src')) return start();
    // Auto: hls.js gives the element its source later, and a play() asked before would be
    // cancelled by that load. Play once the stream knows its length.
    element.addEventListener('loadedmetadata', start, { once: true });
    return () => element.removeEventListener('loadedmetadata', start);
  }, [autoPlay]);

  usePlayerKeys(media, fullscreen.toggle, wake, undefined, chapters);

  const gestures = useSurfaceGestures({
    controlsShown: shown,
    wake,
    togglePlay: commands.togglePlay,
    toggleFullscreen: fullscreen.toggle,
    openMenu: setMenuAt,
  });

  const rules = contextMenuRules({
    processing: video.processing,
    paused: state.paused,
    isMember,
    canDownload: onDownload !== undefined,
  });

  return (
    <PlayerFrame ref={frame.ref} onPointerMove={wake} shown={shown}>
      <Box
        component="video"
        ref={media}
        // Set at first render: the chosen rung starts loading before the page's other lists.
        // In Auto, hls.js gives the element its source.
        src={auto ? undefined : mediaUrl(video.id, rung, token, video.mediaVersion)}
        // The thumbnail only until the first frame is there: a late poster must not cover it.
        poster={framed ? undefined : (poster ?? undefined)}
        // Measured in Chromium on loopback (40 s 1080p): metadata shows the first frame in
        // ~65 ms after ~0.3-1 MB; auto takes 120-300 ms and pulls 11-12 MB first.
        preload="metadata"
        // A rung redirected to the object store (S3_DELIVERY=redirect) is read with CORS, as
        // hls.js reads it: otherwise its frames taint the canvas « Télécharger l'image » draws on.
        crossOrigin="anonymous"
        playsInline
        loop={loop}
        aria-label={video.title}
        onLoadedMetadata={(event) => applyPending(event.currentTarget)}
        onLoadedData={showFirstFrame}
        onEnded={(event) => onEnded?.(event.currentTarget)}
        onTimeUpdate={(event) => onTimeUpdate?.(event.currentTarget.currentTime)}
        onSeeked={(event) => onTimeUpdate?.(event.currentTarget.currentTime)}
        {...gestures}
        sx={{
          display: 'block',
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          userSelect: 'none',
          WebkitTouchCallout: 'none',
          ...captionSx,
        }}
      >
        <CaptionTracks
          videoId={video.id}
          version={video.mediaVersion}
          languages={captions.languages}
          token={token}
        />
      </Box>
      <PlaybackOverlay state={state} />
      <PlayerControls
        state={state}
        shown={shown}
        fullscreen={fullscreen.active}
        offered={offered}
        rung={auto ? AUTO : rung}
        autoPlaying={adaptive.playing}
        container={frame.container}
        // Only an encode makes a storyboard: an unpublished upload would answer 404.
        storyboard={
          video.processing === Processing.Published
            ? { videoId: video.id, token, version: video.mediaVersion }
            : null
        }
        onTogglePlay={commands.togglePlay}
        onSeek={(time) => {
          if (media.current) media.current.currentTime = time;
        }}
        onToggleMute={commands.toggleMute}
        onVolume={commands.setVolume}
        onToggleFullscreen={fullscreen.toggle}
        onSelectRung={(next) => {
          if (media.current) pending.current = captureResume(media.current);
          setQuality(next);
          rememberPlayerChoices({ quality: next === AUTO ? 'auto' : next });
        }}
        onMenuOpenChange={setQualityOpen}
        onOpenMenu={setMenuAt}
        captions={captions}
        barRef={bar}
        chapters={chapters}
      />
      <PlayerContextMenu
        position={menuAt}
        onClose={() => setMenuAt(null)}
        rules={rules}
        loop={loop}
        container={frame.container}
        actions={{
          ...menuActions,
          toggleLoop: () => setLoop((on) => !on),
          download: () => onDownload?.(),
        }}
      />
    </PlayerFrame>
  );
};

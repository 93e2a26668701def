import { useEffect, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import type { KeptSpan } from '@plateau/contract/constants';
import { formatChapterTime } from '../../chapter-times.ts';
import { resultTimeFrom } from '../../trim-spans.ts';

export type PlayMode = 'result' | 'all';

interface TrimPreviewProps {
  src: string;
  title: string;
  mediaRef: RefObject<HTMLVideoElement | null>;
  keep: KeptSpan[];
  mode: PlayMode;
  onMode: (mode: PlayMode) => void;
  playhead: number;
  duration: number | null;
  onTime: (time: number) => void;
  onDuration: (duration: number) => void;
  /** One frame back (-1) or forward (1). */
  onStep: (frames: number) => void;
  /** Plays or pauses, from the result's next kept moment when it plays the result. */
  onToggle: () => void;
}

/** Starts `media` playing, or pauses it; in the result, from where the result goes on. */
export const togglePlay = (media: HTMLVideoElement | null, keep: KeptSpan[], mode: PlayMode) => {
  if (!media) return;
  if (!media.paused) return media.pause();
  if (mode === 'result') {
    const at = resultTimeFrom(keep, media.currentTime) ?? keep[0]?.start ?? 0;
    if (Math.abs(at - media.currentTime) > 0.0005) media.currentTime = at;
  }
  void Promise.resolve(media.play()).catch(() => undefined);
};

type FrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * The cut's own preview, on the smallest rendition (it seeks fast on the school's network).
 * Playing the result, it jumps over every removed part as soon as a frame of one is shown
 * (each frame where the browser tells, else at each time update) and stops after the last
 * kept range; playing everything, it plays the video as it is.
 */
export const TrimPreview = ({
  src,
  title,
  mediaRef,
  keep,
  mode,
  onMode,
  playhead,
  duration,
  onTime,
  onDuration,
  onStep,
  onToggle,
}: TrimPreviewProps) => {
  const [playing, setPlaying] = useState(false);
  // Read by the frame callbacks, which live longer than one render.
  const latest = useRef({ keep, mode, onTime, onDuration });
  latest.current = { keep, mode, onTime, onDuration };

  useEffect(() => {
    const media = mediaRef.current as FrameVideo | null;
    if (!media) return;
    const follow = () => {
      const { keep: kept, mode: now } = latest.current;
      if (now === 'result' && !media.paused && kept.length > 0) {
        const next = resultTimeFrom(kept, media.currentTime);
        if (next === null) {
          media.pause();
          media.currentTime = kept.at(-1)!.end;
        } else if (next > media.currentTime + 0.0005) {
          media.currentTime = next;
        }
      }
      latest.current.onTime(media.currentTime);
    };
    let frame: number | null = null;
    const everyFrame = () => {
      follow();
      frame = media.requestVideoFrameCallback?.(everyFrame) ?? null;
    };
    everyFrame();
    const metadata = () => {
      if (Number.isFinite(media.duration) && media.duration > 0) {
        latest.current.onDuration(media.duration);
      }
    };
    const played = () => setPlaying(true);
    const paused = () => setPlaying(false);
    metadata();
    media.addEventListener('timeupdate', follow);
    media.addEventListener('seeked', follow);
    media.addEventListener('loadedmetadata', metadata);
    media.addEventListener('durationchange', metadata);
    media.addEventListener('play', played);
    media.addEventListener('pause', paused);
    return () => {
      if (frame !== null) media.cancelVideoFrameCallback?.(frame);
      media.removeEventListener('timeupdate', follow);
      media.removeEventListener('seeked', follow);
      media.removeEventListener('loadedmetadata', metadata);
      media.removeEventListener('durationchange', metadata);
      media.removeEventListener('play', played);
      media.removeEventListener('pause', paused);
    };
  }, [mediaRef, src]);

  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0, alignContent: 'start' }}>
      <Box
        sx={{
          aspectRatio: '16 / 9',
          bgcolor: '#000',
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        <Box
          component="video"
          ref={mediaRef}
          preload="metadata"
          playsInline
          src={src}
          aria-label={`Aperçu du montage : ${title}`}
          onClick={onToggle}
          sx={{ width: '100%', height: '100%', display: 'block', cursor: 'pointer' }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <IconButton type="button" aria-label="Image précédente" onClick={() => onStep(-1)}>
            <SkipPreviousIcon />
          </IconButton>
          <IconButton
            type="button"
            aria-label={playing ? 'Pause' : 'Lecture'}
            onClick={onToggle}
            color="primary"
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <IconButton type="button" aria-label="Image suivante" onClick={() => onStep(1)}>
            <SkipNextIcon />
          </IconButton>
        </Box>
        <Typography
          data-testid="trim-time"
          variant="body2"
          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {formatChapterTime(playhead)}
          {duration !== null && ` / ${formatChapterTime(duration)}`}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          aria-label="Ce que joue l’aperçu"
          onChange={(_, next: PlayMode | null) => next && onMode(next)}
          sx={{
            ml: 'auto',
            // The theme's grey for the one not chosen is too pale on the light background (axe).
            '& .MuiToggleButton-root': { textTransform: 'none', px: 1.5, color: 'text.primary' },
            '& .MuiToggleButton-root.Mui-selected': { fontWeight: 600 },
          }}
        >
          <ToggleButton value="result" type="button">
            Lire le résultat
          </ToggleButton>
          <ToggleButton value="all" type="button">
            Lire tout
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
    </Box>
  );
};

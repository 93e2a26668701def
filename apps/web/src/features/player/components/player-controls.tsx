import type { Ref } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { formatTime } from '../media-url.ts';
import { qualityLabel } from '../rungs.ts';
import type { StoryboardSource } from '../use-storyboard.ts';
import type { Chapter } from '@plateau/contract';
import { chapterAt } from '../chapters.ts';
import { CaptionMenu } from './caption-menu.tsx';
import { ChapterMenu } from './chapter-menu.tsx';
import { ControlBar, type ControlBarButtons } from './control-bar.tsx';
import { ResolutionMenu } from './resolution-menu.tsx';
import { SeekBar } from './seek-bar.tsx';

interface PlayerControlsProps extends ControlBarButtons {
  /** The menu's choices, best first: Auto (-1) when adaptive streaming can run, then rungs. */
  offered: number[];
  rung: number;
  /** The height Auto plays now, once known. */
  autoPlaying: number | null;
  container: HTMLElement | null;
  /** The video whose storyboard previews the bar; null when it cannot have one. */
  storyboard: StoryboardSource | null;
  onSeek: (time: number) => void;
  onSelectRung: (rung: number) => void;
  onMenuOpenChange: (open: boolean) => void;
  /** The context menu's items, for keyboards and for people who never right-click. */
  onOpenMenu: (position: { left: number; top: number }) => void;
  /** The video's captions: the « Sous-titres » menu shows when it has some. */
  captions?: {
    languages: string[];
    active: string | null;
    onSelect: (language: string | null) => void;
  };
  /** The bar itself, whose height the cues stay above. */
  barRef?: Ref<HTMLDivElement>;
  /** The video's chapters: marks on the bar, titles in the preview, the « Chapitres » menu. */
  chapters?: readonly Chapter[];
}

/** The bar over the bottom of the video: seek, play, volume, time, quality, fullscreen. */
export const PlayerControls = ({
  offered,
  rung,
  autoPlaying,
  container,
  storyboard,
  onSeek,
  onSelectRung,
  onMenuOpenChange,
  onOpenMenu,
  captions,
  barRef,
  chapters = [],
  ...bar
}: PlayerControlsProps) => {
  const { state, shown } = bar;
  return (
    <ControlBar
      {...bar}
      ref={barRef}
      data-testid="player-controls"
      data-shown={shown}
      phoneEdge={1}
      seek={<SeekBar state={state} onSeek={onSeek} storyboard={storyboard} chapters={chapters} />}
    >
      <Typography
        variant="body2"
        sx={{ ml: 1, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {formatTime(state.currentTime)} / {formatTime(state.duration)}
      </Typography>
      {chapters.length > 0 && (
        <ChapterMenu
          chapters={chapters}
          current={chapterAt(chapters, state.currentTime)}
          onSelect={onSeek}
          container={container}
          onOpenChange={onMenuOpenChange}
        />
      )}
      <Box sx={{ flex: 1 }} />
      {captions && captions.languages.length > 0 && (
        <CaptionMenu {...captions} container={container} onOpenChange={onMenuOpenChange} />
      )}
      {offered.length > 0 && (
        <ResolutionMenu
          offered={offered}
          current={rung}
          onSelect={onSelectRung}
          container={container}
          onOpenChange={onMenuOpenChange}
          labelOf={(value) => qualityLabel(value, autoPlaying)}
          shortLabelOf={(value) => qualityLabel(value, null)}
        />
      )}
      <IconButton
        color="inherit"
        aria-label="Plus d'options"
        aria-haspopup="menu"
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          onOpenMenu({ left: box.left, top: box.top });
        }}
      >
        <MoreVertIcon />
      </IconButton>
    </ControlBar>
  );
};

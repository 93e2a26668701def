import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import type { Chapter } from '@plateau/contract';
import { formatTime } from '../media-url.ts';
import { ChoiceMenu, useMenuAnchor } from './choice-menu.tsx';

interface ChapterMenuProps {
  chapters: readonly Chapter[];
  /** The chapter playing (its index), -1 before the first. */
  current: number;
  onSelect: (start: number) => void;
  /** Where the menu renders: inside the player, so it shows in fullscreen too. */
  container: HTMLElement | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * « Chapitres »: the chapter playing, by its title (an icon alone on a phone), opening the list
 * of every chapter with its start; choosing one goes there.
 */
export const ChapterMenu = ({
  chapters,
  current,
  onSelect,
  container,
  onOpenChange,
}: ChapterMenuProps) => {
  const menu = useMenuAnchor(onOpenChange);
  const title = chapters[current]?.title;
  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-label={title ? `Chapitres : ${title}` : 'Chapitres'}
        aria-haspopup="menu"
        aria-expanded={menu.anchor !== null}
        onClick={menu.open}
        startIcon={<ListIcon />}
        sx={{
          minWidth: 0,
          px: 1,
          textTransform: 'none',
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: 0 },
        }}
      >
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'inline' },
            maxWidth: 200,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {title ?? 'Chapitres'}
        </Box>
      </Button>
      <ChoiceMenu
        name="Chapitres"
        anchor={menu.anchor}
        onClose={menu.close}
        container={container}
        choices={chapters.map((_, index) => index)}
        current={current}
        labelOf={(index) => `${formatTime(chapters[index]!.start)} · ${chapters[index]!.title}`}
        onSelect={(index) => onSelect(chapters[index]!.start)}
      />
    </>
  );
};

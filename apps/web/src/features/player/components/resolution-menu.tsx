import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { rungLabel } from '../rungs.ts';
import { ChoiceMenu, useMenuAnchor } from './choice-menu.tsx';

interface ResolutionMenuProps {
  offered: number[];
  current: number;
  onSelect: (rung: number) => void;
  /** Where the menu renders: inside the player, so it shows in fullscreen too. */
  container: HTMLElement | null;
  onOpenChange: (open: boolean) => void;
  /** How a choice is named ('1080p' by default; the live adds 'Auto'). */
  labelOf?: (value: number) => string;
  /** The button's name on a phone's narrow bar, when shorter ('Auto' for 'Auto (720p)'). */
  shortLabelOf?: (value: number) => string;
}

/** The resolution selector: the rungs this video has, the current one checked. */
export const ResolutionMenu = ({
  offered,
  current,
  onSelect,
  container,
  onOpenChange,
  labelOf = rungLabel,
  shortLabelOf = labelOf,
}: ResolutionMenuProps) => {
  const menu = useMenuAnchor(onOpenChange);
  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-label={`Qualité : ${labelOf(current)}`}
        aria-haspopup="menu"
        aria-expanded={menu.anchor !== null}
        onClick={menu.open}
        sx={{
          px: 1,
          fontWeight: 700,
          whiteSpace: 'nowrap',
          // As wide as « Auto (1080p) » from the start: the label grows once Auto knows its
          // rung, and the buttons beside it must not move under a pointer about to click them.
          minWidth: { xs: 0, sm: 'calc(12ch + 16px)' },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {labelOf(current)}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {shortLabelOf(current)}
        </Box>
      </Button>
      <ChoiceMenu
        name="Qualité"
        anchor={menu.anchor}
        onClose={menu.close}
        container={container}
        choices={offered}
        current={current}
        labelOf={labelOf}
        onSelect={onSelect}
      />
    </>
  );
};

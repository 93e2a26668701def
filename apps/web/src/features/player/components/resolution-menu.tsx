import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { rungLabel } from '../rungs.ts';

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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => {
    setAnchor(null);
    onOpenChange(false);
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-label={`Qualité : ${labelOf(current)}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          onOpenChange(true);
        }}
        sx={{ minWidth: 0, px: 1, fontWeight: 700, whiteSpace: 'nowrap' }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {labelOf(current)}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {shortLabelOf(current)}
        </Box>
      </Button>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        container={container}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'Qualité' } }}
      >
        {offered.map((rung) => (
          <MenuItem
            key={rung}
            selected={rung === current}
            onClick={() => {
              close();
              if (rung !== current) onSelect(rung);
            }}
          >
            <ListItemIcon>{rung === current && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{labelOf(rung)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

import { useState, type MouseEvent } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';

/**
 * The anchor of a control bar's menu, and what its button needs: the controls stay shown while
 * it is open (`onOpenChange`).
 */
export const useMenuAnchor = (onOpenChange: (open: boolean) => void) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return {
    anchor,
    open: (event: MouseEvent<HTMLElement>) => {
      setAnchor(event.currentTarget);
      onOpenChange(true);
    },
    close: () => {
      setAnchor(null);
      onOpenChange(false);
    },
  };
};

interface ChoiceMenuProps<T> {
  /** The list's accessible name ('Qualité', 'Sous-titres'). */
  name: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  /** Where the menu renders: inside the player, so it shows in fullscreen too. */
  container: HTMLElement | null;
  choices: T[];
  current: T;
  labelOf: (choice: T) => string;
  onSelect: (choice: T) => void;
}

/** A control bar's menu of choices, opening upwards, the current one checked. */
export const ChoiceMenu = <T extends string | number | null>({
  name,
  anchor,
  onClose,
  container,
  choices,
  current,
  labelOf,
  onSelect,
}: ChoiceMenuProps<T>) => (
  <Menu
    open={anchor !== null}
    anchorEl={anchor}
    onClose={onClose}
    container={container}
    anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    slotProps={{ list: { 'aria-label': name } }}
  >
    {choices.map((choice) => (
      <MenuItem
        key={String(choice)}
        selected={choice === current}
        onClick={() => {
          onClose();
          if (choice !== current) onSelect(choice);
        }}
      >
        <ListItemIcon>{choice === current && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText>{labelOf(choice)}</ListItemText>
      </MenuItem>
    ))}
  </Menu>
);

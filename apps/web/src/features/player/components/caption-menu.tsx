import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import ClosedCaptionIcon from '@mui/icons-material/ClosedCaption';
import ClosedCaptionOffIcon from '@mui/icons-material/ClosedCaptionOff';
import { captionLanguageName } from '@plateau/contract/constants';

/** The « Sous-titres » menu's entry that turns captions off. */
export const CAPTIONS_OFF = 'Désactivés';

interface CaptionMenuProps {
  languages: string[];
  /** The language shown, null when off. */
  active: string | null;
  onSelect: (language: string | null) => void;
  /** Where the menu renders: inside the player, so it shows in fullscreen too. */
  container: HTMLElement | null;
  onOpenChange: (open: boolean) => void;
}

/** The captions selector: off, or one of the video's languages by its French name. */
export const CaptionMenu = ({
  languages,
  active,
  onSelect,
  container,
  onOpenChange,
}: CaptionMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => {
    setAnchor(null);
    onOpenChange(false);
  };
  const choices: (string | null)[] = [null, ...languages];
  const nameOf = (language: string | null) =>
    language === null ? CAPTIONS_OFF : captionLanguageName(language);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Sous-titres : ${nameOf(active)}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          onOpenChange(true);
        }}
        // A phone's bar holds eight buttons and the time in 360 px.
        sx={{ p: { xs: 0.5, sm: 1 } }}
      >
        {active === null ? <ClosedCaptionOffIcon /> : <ClosedCaptionIcon />}
      </IconButton>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        container={container}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'Sous-titres' } }}
      >
        {choices.map((language) => (
          <MenuItem
            key={language ?? ''}
            selected={language === active}
            onClick={() => {
              close();
              if (language !== active) onSelect(language);
            }}
          >
            <ListItemIcon>{language === active && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{nameOf(language)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

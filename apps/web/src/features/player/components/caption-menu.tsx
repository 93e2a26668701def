import IconButton from '@mui/material/IconButton';
import ClosedCaptionIcon from '@mui/icons-material/ClosedCaption';
import ClosedCaptionOffIcon from '@mui/icons-material/ClosedCaptionOff';
import { captionLanguageName } from '@plateau/contract/constants';
import { ChoiceMenu, useMenuAnchor } from './choice-menu.tsx';

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
  const menu = useMenuAnchor(onOpenChange);
  const nameOf = (language: string | null) =>
    language === null ? CAPTIONS_OFF : captionLanguageName(language);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Sous-titres : ${nameOf(active)}`}
        aria-haspopup="menu"
        aria-expanded={menu.anchor !== null}
        onClick={menu.open}
        // A phone's bar holds eight buttons and the time in 360 px.
        sx={{ p: { xs: 0.5, sm: 1 } }}
      >
        {active === null ? <ClosedCaptionOffIcon /> : <ClosedCaptionIcon />}
      </IconButton>
      <ChoiceMenu
        name="Sous-titres"
        anchor={menu.anchor}
        onClose={menu.close}
        container={container}
        choices={[null, ...languages]}
        current={active}
        labelOf={nameOf}
        onSelect={onSelect}
      />
    </>
  );
};

import type { MouseEvent, ReactNode } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import DownloadIcon from '@mui/icons-material/Download';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import LinkIcon from '@mui/icons-material/Link';
import RepeatIcon from '@mui/icons-material/Repeat';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ContextMenuRules, ItemRule } from '../context-menu-rules.ts';

export interface PlayerMenuActions {
  toggleLoop: () => void;
  copyLink: () => void;
  copyLinkAt: () => void;
  download: () => void;
  downloadFrame: () => void;
}

interface PlayerContextMenuProps {
  position: { left: number; top: number } | null;
  onClose: () => void;
  rules: ContextMenuRules;
  loop: boolean;
  actions: PlayerMenuActions;
  container: HTMLElement | null;
}

const Item = ({
  rule,
  icon,
  label,
  onClick,
  checked,
}: {
  rule: ItemRule;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  checked?: boolean;
}) =>
  rule.visible ? (
    <MenuItem
      disabled={!rule.enabled}
      onClick={onClick}
      role={checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
      aria-checked={checked}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
      {checked && <CheckIcon fontSize="small" sx={{ ml: 2 }} aria-hidden />}
    </MenuItem>
  ) : null;

/** The video's context menu (spec "Layout elements"), opened by right click or long press. */
export const PlayerContextMenu = ({
  position,
  onClose,
  rules,
  loop,
  actions,
  container,
}: PlayerContextMenuProps) => {
  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Menu
      open={position !== null}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={position ?? undefined}
      container={container}
      slotProps={{
        list: { 'aria-label': 'Menu de la vidéo' },
        // A right click on the open menu opens neither the browser's menu nor this one again.
        root: {
          onContextMenu: (event: MouseEvent) => {
            event.preventDefault();
            event.stopPropagation();
          },
        },
      }}
    >
      <Item
        rule={rules.loop}
        icon={<RepeatIcon fontSize="small" />}
        label="Lecture en boucle"
        checked={loop}
        onClick={run(actions.toggleLoop)}
      />
      <Item
        rule={rules.copyLink}
        icon={<LinkIcon fontSize="small" />}
        label="Copier le lien"
        onClick={run(actions.copyLink)}
      />
      <Item
        rule={rules.copyLinkAt}
        icon={<ScheduleIcon fontSize="small" />}
        label="Copier le lien à cet instant"
        onClick={run(actions.copyLinkAt)}
      />
      <Item
        rule={rules.download}
        icon={<DownloadIcon fontSize="small" />}
        label="Télécharger"
        onClick={run(actions.download)}
      />
      <Item
        rule={rules.frame}
        icon={<ImageOutlinedIcon fontSize="small" />}
        label="Télécharger l'image"
        onClick={run(actions.downloadFrame)}
      />
    </Menu>
  );
};

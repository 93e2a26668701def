import type { CSSProperties, ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import type { Video } from '@plateau/contract';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { mediaPaths } from '../../../resources/media.ts';
import { twoLines } from '../../../lib/two-lines.ts';

interface PlaylistVideoRowProps {
  video: Video;
  /** Where it is in the playlist, from 1. */
  position: number;
  /** The drag handle (wide screens) or the up and down buttons (phones). */
  controls: ReactNode;
  onRemove: () => void;
  ref?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
}

/** One video of the playlist being edited: position, thumbnail, title, date, remove. */
export const PlaylistVideoRow = ({
  video,
  position,
  controls,
  onRemove,
  ref,
  style,
  dragging = false,
}: PlaylistVideoRowProps) => (
  <Box
    component="li"
    ref={ref}
    style={style}
    sx={{
      display: 'flex',
      alignItems: 'center',
      gap: { xs: 1, sm: 1.5 },
      p: 1,
      borderRadius: 1,
      bgcolor: 'background.paper',
      border: 1,
      borderColor: dragging ? 'primary.main' : 'divider',
      boxShadow: dragging ? 8 : 0,
      position: 'relative',
      zIndex: dragging ? 1 : 'auto',
    }}
  >
    {controls}
    <Typography
      component="span"
      color="textSecondary"
      sx={{
        // A phone needs the room for the title; the order is plain to see there anyway.
        display: { xs: 'none', sm: 'block' },
        minWidth: '1.5em',
        textAlign: 'right',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {position}
    </Typography>
    <Box sx={{ width: { xs: 80, sm: 128 }, flexShrink: 0, borderRadius: 0.5, overflow: 'hidden' }}>
      <ProtectedImage path={mediaPaths.thumbnail(video.id)} alt="" />
    </Box>
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography
        component="h3"
        variant="subtitle1"
        sx={{
          fontWeight: 600,
          lineHeight: 1.3,
          ...twoLines,
        }}
      >
        {video.title}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {formatDate(video.date)}
      </Typography>
    </Box>
    <Tooltip title="Retirer de la playlist">
      <IconButton aria-label={`Retirer « ${video.title} » de la playlist`} onClick={onRemove}>
        <RemoveCircleOutlineOutlinedIcon />
      </IconButton>
    </Tooltip>
  </Box>
);

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { Playlist } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';
import { PlaylistCover } from './playlist-cover.tsx';
import { PlaylistMenu, type MenuAnchor } from './playlist-menu.tsx';

const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});

/** Cover, title, a line of description; its menu by right click or by the dots button. */
export const PlaylistCard = ({ playlist }: { playlist: Playlist }) => {
  const [anchor, setAnchor] = useState<MenuAnchor | null>(null);
  return (
    <Card
      elevation={0}
      sx={{ position: 'relative', height: '100%', bgcolor: 'background.paper' }}
      onContextMenu={(event) => {
        event.preventDefault();
        setAnchor({ left: event.clientX, top: event.clientY });
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={paths.playlist(playlist.code)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <PlaylistCover videoCount={playlist.videoCount} />
        <Box sx={{ px: 0.5, pt: 1, pb: 1.5, minWidth: 0, flex: 1 }}>
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3, ...clamp(2) }}
          >
            {playlist.title}
          </Typography>
          {playlist.description && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, ...clamp(2) }}>
              {playlist.description}
            </Typography>
          )}
        </Box>
      </CardActionArea>
      <IconButton
        aria-label="Plus d'actions"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        size="small"
        onClick={(event) => setAnchor({ element: event.currentTarget })}
        sx={{
          position: 'absolute',
          top: 6,
          right: 6,
          bgcolor: 'rgba(0, 0, 0, 0.55)',
          color: '#fff',
          '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.75)' },
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <PlaylistMenu playlist={playlist} anchor={anchor} onClose={() => setAnchor(null)} />
    </Card>
  );
};

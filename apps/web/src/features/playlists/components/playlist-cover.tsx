import Box from '@mui/material/Box';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import { formatVideoCount } from './video-count.ts';

/**
 * The card's cover. `playlists/me` and `playlists/public` do not name a first video, and one
 * extra call per card to find its thumbnail is not worth it: an icon stands for the playlist.
 */
export const PlaylistCover = ({ videoCount }: { videoCount?: number }) => (
  <Box
    sx={(theme) => ({
      position: 'relative',
      aspectRatio: '16 / 9',
      width: '100%',
      borderRadius: 1,
      display: 'grid',
      placeItems: 'center',
      overflow: 'hidden',
      background: `linear-gradient(135deg, ${theme.alpha(theme.palette.primary.main, 0.28)}, ${theme.alpha(theme.palette.secondary.main, 0.18)})`,
    })}
  >
    <PlaylistPlayIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
    {videoCount !== undefined && (
      <Box
        component="span"
        sx={{
          position: 'absolute',
          right: 8,
          bottom: 8,
          px: 1,
          py: 0.25,
          borderRadius: 1,
          fontSize: 13,
          fontWeight: 600,
          bgcolor: 'rgba(0, 0, 0, 0.7)',
          color: '#fff',
        }}
      >
        {formatVideoCount(videoCount)}
      </Box>
    )}
  </Box>
);

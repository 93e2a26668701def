import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RepeatIcon from '@mui/icons-material/Repeat';
import SmartDisplayOutlinedIcon from '@mui/icons-material/SmartDisplayOutlined';
import type { Playlist, Video } from '@plateau/contract';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { mediaPaths } from '../../../resources/media.ts';
import { paths } from '../../../lib/paths.ts';
import { PLAY_STATE } from './playlist-play.ts';
import { twoLines } from '../../../lib/two-lines.ts';

interface PlaylistPanelProps {
  code: string;
  playlist: Playlist | undefined;
  videos: readonly Video[] | undefined;
  currentId: number;
  repeat: boolean;
  onRepeatChange: (repeat: boolean) => void;
  /** Leaves the playlist: the video stays, `pl` goes. */
  onClose: () => void;
}

/** The playlist in play: its videos in order, the current one marked; repeat and leave. */
export const PlaylistPanel = ({
  code,
  playlist,
  videos,
  currentId,
  repeat,
  onRepeatChange,
  onClose,
}: PlaylistPanelProps) => {
  const position = videos ? videos.findIndex((video) => video.id === currentId) : -1;
  const current = useRef<HTMLAnchorElement>(null);
  // The current video in view inside the panel's own scroll, without moving the page.
  useEffect(() => {
    const item = current.current;
    const list = item?.closest('ol');
    if (item && list) list.scrollTop = item.offsetTop - list.offsetTop - 8;
  }, [currentId, videos]);

  return (
    <Paper
      component="section"
      aria-label="Playlist en cours"
      variant="outlined"
      sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, pr: 1 }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {playlist ? (
            <Typography
              component={RouterLink}
              to={paths.playlist(code)}
              variant="subtitle1"
              sx={{
                fontWeight: 700,
                color: 'inherit',
                textDecoration: 'none',
                overflowWrap: 'anywhere',
                '&:hover': { textDecoration: 'underline' },
              }}
            >
              {playlist.title}
            </Typography>
          ) : (
            <Skeleton width="70%" />
          )}
          <Typography variant="body2" color="textSecondary">
            {videos && position >= 0 ? `${position + 1} / ${videos.length}` : '\u00a0'}
          </Typography>
        </Box>
        <Tooltip title={repeat ? 'Ne plus répéter la playlist' : 'Répéter la playlist'}>
          <IconButton
            aria-label="Répéter la playlist"
            aria-pressed={repeat}
            color={repeat ? 'primary' : 'default'}
            onClick={() => onRepeatChange(!repeat)}
          >
            <RepeatIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Quitter la playlist">
          <IconButton aria-label="Quitter la playlist" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        component="ol"
        aria-label="Vidéos de la playlist"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          pb: 1,
          overflowY: 'auto',
          maxHeight: { xs: 320, lg: 460 },
        }}
      >
        {videos
          ? videos.map((video, index) => {
              const isCurrent = video.id === currentId;
              return (
                <li key={video.id}>
                  <Box
                    component={RouterLink}
                    ref={isCurrent ? current : undefined}
                    to={paths.playlistVideo(video.id, code)}
                    state={PLAY_STATE}
                    aria-current={isCurrent ? 'true' : undefined}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      px: 1,
                      py: 0.75,
                      color: 'inherit',
                      textDecoration: 'none',
                      bgcolor: isCurrent ? 'action.selected' : 'transparent',
                      '&:hover': { bgcolor: isCurrent ? 'action.selected' : 'action.hover' },
                      '&:focus-visible': {
                        outline: 2,
                        outlineColor: 'primary.main',
                        outlineOffset: -2,
                      },
                    }}
                  >
                    <Box
                      sx={{
                        width: 20,
                        flexShrink: 0,
                        textAlign: 'center',
                        color: 'text.secondary',
                        fontSize: 12,
                      }}
                    >
                      {isCurrent ? (
                        <PlayArrowIcon fontSize="small" color="primary" aria-hidden />
                      ) : (
                        index + 1
                      )}
                    </Box>
                    <Box sx={{ width: 112, flexShrink: 0 }}>
                      <ProtectedImage
                        path={mediaPaths.thumbnail(video.id)}
                        alt=""
                        placeholder={
                          <SmartDisplayOutlinedIcon
                            sx={{ fontSize: 28, color: 'text.disabled' }}
                            aria-hidden
                          />
                        }
                        sx={{ borderRadius: 1 }}
                      />
                    </Box>
                    <Typography
                      variant="body2"
                      sx={{
                        fontWeight: isCurrent ? 700 : 500,
                        minWidth: 0,
                        ...twoLines,
                      }}
                    >
                      {video.title}
                    </Typography>
                  </Box>
                </li>
              );
            })
          : [0, 1, 2].map((index) => (
              <li key={index} aria-hidden>
                <Box sx={{ display: 'flex', gap: 1, px: 1, py: 0.75, pl: 4.5 }}>
                  <Skeleton variant="rounded" width={112} height={63} />
                  <Skeleton width="50%" />
                </Box>
              </li>
            ))}
      </Box>
    </Paper>
  );
};

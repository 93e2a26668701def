import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { Video } from '@plateau/contract';
import { PlaylistVideoRow } from './playlist-video-row.tsx';
import type { VideoListProps } from './video-list-props.ts';

/** The list with the video at `from` moved one place up (-1) or down (+1). */
const moved = (videos: Video[], from: number, step: -1 | 1) => {
  const next = [...videos];
  const [video] = next.splice(from, 1);
  next.splice(from + step, 0, video!);
  return next;
};

/** Phones (spec: no drag on mobile): each video moves one place with its arrows. */
export const ArrowVideoList = ({ videos, onReorder, onRemove }: VideoListProps) => (
  <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
    {videos.map((video, index) => (
      <PlaylistVideoRow
        key={video.id}
        video={video}
        position={index + 1}
        onRemove={() => onRemove(video)}
        controls={
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <IconButton
              size="small"
              aria-label={`Monter « ${video.title} »`}
              disabled={index === 0}
              onClick={() => onReorder(moved(videos, index, -1))}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Descendre « ${video.title} »`}
              disabled={index === videos.length - 1}
              onClick={() => onReorder(moved(videos, index, 1))}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </Box>
        }
      />
    ))}
  </Box>
);

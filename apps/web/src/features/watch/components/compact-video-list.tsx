import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SmartDisplayOutlinedIcon from '@mui/icons-material/SmartDisplayOutlined';
import type { Video } from '@plateau/contract';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { formatViews } from '../../../components/video-card.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { mediaPaths } from '../../../resources/media.ts';
import { paths } from '../../../lib/paths.ts';
import { twoLines } from '../../../lib/two-lines.ts';

/** Beside the player: a thumbnail and its text on one row, so the column stays short. */
export const CompactVideoList = ({ videos }: { videos: readonly Video[] }) => (
  <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
    {videos.map((video) => (
      <li key={video.id}>
        <Box
          component={RouterLink}
          to={paths.video(video.id)}
          sx={{
            display: 'flex',
            gap: 1.5,
            p: 0.5,
            borderRadius: 1,
            color: 'inherit',
            textDecoration: 'none',
            '&:hover': { bgcolor: 'action.hover' },
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
          }}
        >
          <Box sx={{ width: 160, flexShrink: 0 }}>
            <ProtectedImage
              path={mediaPaths.thumbnail(video.id)}
              alt=""
              placeholder={
                <SmartDisplayOutlinedIcon
                  sx={{ fontSize: 36, color: 'text.disabled' }}
                  aria-hidden
                />
              }
              sx={{ borderRadius: 1 }}
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              component="h3"
              variant="body2"
              sx={{
                fontWeight: 600,
                lineHeight: 1.3,
                ...twoLines,
              }}
            >
              {video.title}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
              {formatDate(video.date)}
              <br />
              {formatViews(video.views)}
            </Typography>
          </Box>
        </Box>
      </li>
    ))}
  </Box>
);

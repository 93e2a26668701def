import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import SmartDisplayOutlinedIcon from '@mui/icons-material/SmartDisplayOutlined';
import type { Video } from '@plateau/contract';
import { formatDate } from '../lib/dates.ts';
import { mediaPaths } from '../resources/media.ts';
import { paths } from '../lib/paths.ts';
import { isMember } from '../lib/privacy.ts';
import { useSession } from '../lib/session.ts';
import { ProtectedImage } from './protected-image.tsx';
import { VideoBadges } from './video-badges.tsx';
import { twoLines } from '../lib/two-lines.ts';

const views = new Intl.NumberFormat('fr-FR');

export const formatViews = (count: number) => `${views.format(count)} vue${count > 1 ? 's' : ''}`;

interface VideoCardProps {
  video: Video;
  /** Where the card leads (default: the watch page; a playlist adds its `pl`). */
  to?: string;
  /** In the trending slots: members see the icon. */
  trending?: boolean;
  /** The big card of 'A la une'. */
  large?: boolean;
  /** Load the thumbnail at once (first cards of a page). */
  eager?: boolean;
}

/** Thumbnail, title, date and views; privacy and trending icons for members. */
export const VideoCard = ({
  video,
  to,
  trending = false,
  large = false,
  eager,
}: VideoCardProps) => {
  const { role } = useSession();
  return (
    <Card sx={{ height: '100%', bgcolor: 'background.paper' }} elevation={0}>
      <CardActionArea
        component={RouterLink}
        to={to ?? paths.video(video.id)}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          // ButtonBase centres its content: in a taller grid row the thumbnail must stay on top.
          justifyContent: 'flex-start',
        }}
      >
        <Box sx={{ position: 'relative' }}>
          <ProtectedImage
            path={mediaPaths.thumbnail(video.id)}
            alt=""
            eager={eager}
            placeholder={
              <SmartDisplayOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
            }
            sx={{ borderRadius: 1 }}
          />
          {isMember(role) && (
            <VideoBadges
              privacy={video.privacy}
              gpaRestricted={video.gpaRestricted}
              trending={trending}
            />
          )}
        </Box>
        <Box sx={{ px: 0.5, pt: 1, pb: 1.5, minWidth: 0 }}>
          <Typography
            component="h3"
            variant={large ? 'h6' : 'subtitle1'}
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              ...twoLines,
            }}
          >
            {video.title}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {formatDate(video.date)} · {formatViews(video.views)}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
};

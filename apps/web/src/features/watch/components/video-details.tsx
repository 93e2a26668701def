import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { formatViews } from '../../../components/video-card.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { isMember, privacyLabels, GPA_RESTRICTED_LABEL } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import { DescriptionText } from './description-text.tsx';
import { LikeButton } from './like-button.tsx';

interface VideoDetailsProps {
  video: Video;
  /** The view count after this page's view was recorded (else the video's). */
  views?: number | null;
  /** Members' add-to-playlist menu (composed by the page). */
  addToPlaylist?: ReactNode;
  /** The tag chips (composed by the page). */
  tags?: ReactNode;
  /** The viewer's like state may load (the page waits for the player's first frame). */
  likeReady?: boolean;
}

/** Under the player: title, date, views, like, Modifier, add-to-playlist, tags, description. */
export const VideoDetails = ({
  video,
  views,
  addToPlaylist,
  tags,
  likeReady = true,
}: VideoDetailsProps) => {
  const { role } = useSession();
  const member = isMember(role);
  const published = video.processing === Processing.Published;
  return (
    <Box component="section" aria-labelledby="video-title" sx={{ mt: 2 }}>
      <Typography
        id="video-title"
        variant="h5"
        component="h1"
        sx={{
          fontWeight: 700,
          overflowWrap: 'anywhere',
          fontSize: { xs: '1.25rem', sm: '1.5rem' },
        }}
      >
        {video.title}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          mt: 1,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="textSecondary">
            {formatDate(video.date)} · {formatViews(views ?? video.views)}
          </Typography>
          {member && (
            <>
              <Chip
                size="small"
                label={`Accès : ${privacyLabels[video.privacy] ?? video.privacy}`}
              />
              {video.gpaRestricted && <Chip size="small" label={GPA_RESTRICTED_LABEL} />}
            </>
          )}
          {!published && (
            <Typography variant="body2">Non publiée : aperçu de la vidéo envoyée</Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {published && <LikeButton video={video} ready={likeReady} />}
          {published && member && addToPlaylist}
          {member && (
            <Button
              component={RouterLink}
              to={paths.editVideo(video.id)}
              variant="outlined"
              startIcon={<EditIcon />}
              sx={{ borderRadius: 5 }}
            >
              Modifier
            </Button>
          )}
        </Box>
      </Box>
      {tags && <Box sx={{ mt: 2 }}>{tags}</Box>}
      <Box sx={{ mt: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        {video.description.trim() ? (
          <DescriptionText text={video.description} />
        ) : (
          <Typography color="textSecondary">Sans description</Typography>
        )}
      </Box>
    </Box>
  );
};

export const VideoDetailsSkeleton = () => (
  <Box sx={{ mt: 2 }} aria-hidden>
    <Skeleton width="60%" height={40} />
    <Skeleton width="30%" />
    <Skeleton variant="rounded" height={80} sx={{ mt: 2 }} />
  </Box>
);

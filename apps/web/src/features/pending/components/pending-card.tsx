import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import SmartDisplayOutlinedIcon from '@mui/icons-material/SmartDisplayOutlined';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { mediaPaths } from '../../../resources/media.ts';
import { mediaUrl } from '../../../lib/media-url.ts';
import { useSession } from '../../../lib/session.ts';
import { isEncoding } from '../../../resources/videos.ts';
import { ENCODING_FAILED_TITLE, encodingFailureText } from '../pending-messages.ts';
import { EncodingProgress } from './encoding-progress.tsx';
import { PendingDetails } from './pending-details.tsx';

/**
 * One waiting video: the raw upload to check before publishing, its thumbnail, title and date,
 * then either its details and actions or the encode's progress. Stacked on a phone; the
 * preview on the left from tablet width.
 */
export const PendingCard = ({ video }: { video: Video }) => {
  const titleId = useId();
  const hasUpload = video.processing !== Processing.NoUpload;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: hasUpload ? 'minmax(0, 2fr) minmax(0, 3fr)' : '1fr' },
        alignItems: 'start',
      }}
    >
      {hasUpload && <RawPreview video={video} />}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, height: '100%' }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}>
          <ProtectedImage
            path={mediaPaths.thumbnail(video.id)}
            alt="Miniature"
            placeholder={
              <SmartDisplayOutlinedIcon sx={{ fontSize: 36, color: 'text.disabled' }} aria-hidden />
            }
            sx={{ width: { xs: 112, sm: 160 }, flexShrink: 0, borderRadius: 1 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id={titleId}
              component="h2"
              variant="h6"
              sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
            >
              {video.title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {formatDate(video.date)}
            </Typography>
          </Box>
        </Box>
        {video.encodingError && (
          <Alert severity="warning" variant="outlined">
            <AlertTitle>{ENCODING_FAILED_TITLE}</AlertTitle>
            {encodingFailureText(video.encodingError)}
          </Alert>
        )}
        {isEncoding(video) ? (
          <EncodingProgress percent={video.encodingProgress} wait={video.encodingWait} />
        ) : (
          <PendingDetails video={video} />
        )}
      </Box>
    </Card>
  );
};

/** The upload as it came (rung 0, members only): the token rides in the URL of a `<video>`. */
const RawPreview = ({ video }: { video: Video }) => {
  const { token } = useSession();
  return (
    <Box
      component="video"
      controls
      preload="metadata"
      playsInline
      src={mediaUrl(video.id, 0, token)}
      aria-label={`Aperçu de « ${video.title} »`}
      sx={{
        display: 'block',
        width: '100%',
        aspectRatio: '16 / 9',
        bgcolor: '#000',
        borderRadius: 1,
      }}
    />
  );
};

import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { mediaUrl } from '../../../lib/media-url.ts';
import { useSession } from '../../../lib/session.ts';
import { previewRung } from '../video-rules.ts';

const stateText: Record<number, string> = {
  [Processing.NoUpload]: "Aucune vidéo n'a encore été envoyée.",
  [Processing.Uploaded]: 'Vidéo brute, en attente d’encodage.',
  [Processing.Encoding]: 'Encodage en cours...',
  [Processing.Published]: 'Vidéo publiée.',
};

/**
 * The edit page's preview: the raw upload before publication, the best rendition after. Its
 * element (`mediaRef`) tells the chapters where the member has paused.
 */
export const VideoPreview = ({
  video,
  mediaRef,
}: {
  video: Video;
  mediaRef?: Ref<HTMLVideoElement>;
}) => {
  const { token } = useSession();
  const rung = previewRung(video);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box
        sx={{
          aspectRatio: '16 / 9',
          bgcolor: '#000',
          borderRadius: 2,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {rung === null ? (
          <Typography sx={{ color: '#fff', px: 2, textAlign: 'center' }}>
            {stateText[Processing.NoUpload]}
          </Typography>
        ) : (
          <Box
            component="video"
            ref={mediaRef}
            controls
            preload="metadata"
            src={mediaUrl(video.id, rung, token, video.mediaVersion)}
            aria-label={`Aperçu : ${video.title}`}
            sx={{ width: '100%', height: '100%', display: 'block' }}
          />
        )}
      </Box>
      {rung !== null && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {stateText[video.processing] ?? ''}
        </Typography>
      )}
    </Box>
  );
};

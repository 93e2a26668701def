import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { privacyLabels } from '../../../lib/privacy.ts';
import { useDeleteVideo, useEncodeVideos } from '../api/pending-mutations.ts';
import { pendingMessages } from '../pending-messages.ts';
import { DeleteVideoDialog } from './delete-video-dialog.tsx';

/** A video not yet encoding: what it will be published as, and what can be done with it. */
export const PendingDetails = ({ video }: { video: Video }) => (
  <>
    <Typography
      variant="body2"
      color={video.description ? 'text.primary' : 'text.secondary'}
      sx={{
        whiteSpace: 'pre-line',
        overflowWrap: 'anywhere',
        display: '-webkit-box',
        WebkitLineClamp: 4,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {video.description || pendingMessages.noDescription}
    </Typography>
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Chip size="small" variant="outlined" label={`Accès : ${privacyLabels[video.privacy]}`} />
      <Chip
        size="small"
        variant="outlined"
        label={video.promotion >= 0 ? `P${video.promotion}` : pendingMessages.noPromotion}
      />
      {video.directId >= 0 ? (
        <Chip
          size="small"
          variant="outlined"
          clickable
          component={RouterLink}
          to={paths.direct(video.directId)}
          label={`DT n°${video.directId}`}
        />
      ) : (
        <Chip size="small" variant="outlined" label={pendingMessages.noDirect} />
      )}
    </Box>
    {video.processing === Processing.NoUpload && (
      <Typography variant="body2">
        Aucun fichier vidéo envoyé : ajoutez-le depuis « Modifier » avant d&apos;encoder.
      </Typography>
    )}
    <PendingActions video={video} />
  </>
);

const PendingActions = ({ video }: { video: Video }) => {
  const notify = useNotify();
  const encode = useEncodeVideos();
  const remove = useDeleteVideo();
  const [confirming, setConfirming] = useState(false);
  const busy = encode.isPending || remove.isPending;

  const startEncode = () =>
    encode.mutate([video.id], { onError: () => notify(pendingMessages.encodeFailed, 'error') });
  const confirmDelete = () =>
    remove.mutate(video.id, {
      onSuccess: () => setConfirming(false),
      onError: () => {
        setConfirming(false);
        notify(pendingMessages.deleteFailed, 'error');
      },
    });

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 'auto', pt: 1 }}>
      <Button
        variant="outlined"
        startIcon={<EditOutlinedIcon />}
        component={RouterLink}
        to={paths.editVideo(video.id)}
      >
        Modifier
      </Button>
      <Button
        variant="contained"
        startIcon={<PublishIcon />}
        onClick={startEncode}
        loading={encode.isPending}
        // The encoder needs a file: at processing 0 there is none (spec section 4).
        disabled={busy || video.processing === Processing.NoUpload}
      >
        Encoder et publier
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => setConfirming(true)}
        disabled={busy}
      >
        Supprimer
      </Button>
      <DeleteVideoDialog
        open={confirming}
        title={video.title}
        deleting={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
};

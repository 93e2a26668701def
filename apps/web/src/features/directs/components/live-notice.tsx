import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import EventIcon from '@mui/icons-material/Event';
import ReplayIcon from '@mui/icons-material/Replay';
import type { LiveStatus } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';
import { isMember } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import { videoQuery } from '../../../resources/videos.ts';
import { useViewer } from '../../../resources/viewer.ts';

/**
 * "Voir la REDIFF": members see it at once (the REDIFF may still be in /pending, which only
 * they can open); anyone else once the video answers for them (published, and theirs to see).
 */
const RediffButton = ({ videoId }: { videoId: number }) => {
  const member = isMember(useSession().role);
  const video = useQuery({ ...videoQuery(useViewer(), videoId), enabled: !member });
  if (!member && !video.isSuccess) return null;
  return (
    <Button
      color="inherit"
      size="small"
      startIcon={<ReplayIcon />}
      component={RouterLink}
      to={paths.video(videoId)}
      sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}
    >
      Voir la REDIFF
    </Button>
  );
};

/** What the direct page says of a live broadcast on Plateau before it starts and once over. */
export const LiveNotice = ({ status }: { status: LiveStatus }) => {
  if (status.state === 'waiting') {
    return (
      <Alert severity="info" icon={<EventIcon />} sx={{ mt: 2 }}>
        Le direct n&apos;a pas encore commencé.
      </Alert>
    );
  }
  if (status.state !== 'ended') return null;
  return (
    <Alert
      severity="info"
      sx={{ mt: 2, alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      action={status.rediffVideoId !== null && <RediffButton videoId={status.rediffVideoId} />}
    >
      Le direct est terminé.
    </Alert>
  );
};

import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import ReplayIcon from '@mui/icons-material/Replay';
import type { Direct, LiveState } from '@plateau/contract';
import { formatDate } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { isMember } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import { isOwnDirectPage, safeLiveUrl } from '../live-url.ts';
import { DirectPoster } from './direct-poster.tsx';
import { PosterBackdrop } from './poster-backdrop.tsx';

const frame = { maxWidth: 1600, mx: 'auto', px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 4 }, pb: 3 };

const columns = {
  display: 'grid',
  gap: { xs: 2, md: 4 },
  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
  alignItems: 'start',
};

/**
 * REDIFF for members when the direct has a live link elsewhere (a direct broadcast on Plateau
 * has its REDIFF as a video instead); Modifier for geeks.
 */
const DirectActions = ({ direct, onPlateau }: { direct: Direct; onPlateau: boolean }) => {
  const { role } = useSession();
  const liveUrl =
    onPlateau || isOwnDirectPage(direct.liveUrl, direct.id) ? null : safeLiveUrl(direct.liveUrl);
  const rediff = isMember(role) && liveUrl !== null;
  const edit = role === 'geek';
  if (!rediff && !edit) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
      {rediff && (
        <Button
          variant="contained"
          color="secondary"
          startIcon={<ReplayIcon />}
          href={liveUrl ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
        >
          REDIFF
        </Button>
      )}
      {edit && (
        <Button
          variant="outlined"
          startIcon={<EditIcon />}
          component={RouterLink}
          to={paths.editDirect(direct.id)}
        >
          Modifier
        </Button>
      )}
    </Box>
  );
};

interface DirectDetailsProps {
  direct: Direct;
  /** The live player, while the direct is on the air on Plateau: it takes the poster's place. */
  player?: ReactNode;
  /** What the live says (not started yet, over), under the date. */
  notice?: ReactNode;
  /** The direct is broadcast on Plateau (its live link is this page). */
  onPlateau?: boolean;
  /** The live's state once read (`data-live-state`: tests and scripts wait for it). */
  liveState?: LiveState;
}

const DirectText = ({ direct, notice, onPlateau = false }: DirectDetailsProps) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="overline" color="textSecondary" sx={{ fontWeight: 700 }}>
      Direct
    </Typography>
    <Typography
      variant="h4"
      component="h1"
      sx={{
        fontWeight: 700,
        fontSize: { xs: '1.6rem', sm: '2.125rem' },
        overflowWrap: 'anywhere',
      }}
    >
      {direct.title}
    </Typography>
    <Typography color="textSecondary" sx={{ mt: 0.5 }}>
      {formatDate(direct.date)}
    </Typography>
    {notice}
    <DirectActions direct={direct} onPlateau={onPlateau} />
    {direct.description && (
      <Typography
        sx={{ mt: 2.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: '70ch' }}
      >
        {direct.description}
      </Typography>
    )}
  </Box>
);

/**
 * The header of `/direct?d=`: blurred poster behind, poster, title, date, buttons, description;
 * while a live is on the air, its player in the poster's place, wide, above the text.
 */
export const DirectDetails = (props: DirectDetailsProps) => {
  const { direct, player, liveState } = props;
  return (
    <PosterBackdrop directId={direct.id} hasPoster={direct.hasPoster}>
      <Box sx={frame} data-live-state={liveState}>
        {player ? (
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 2, sm: 3, lg: 4 },
              // Wide screens keep the title beside the live: both fit above the fold.
              gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(300px, 3fr)' },
              alignItems: 'start',
            }}
          >
            <Box
              sx={{
                mx: { xs: -2, sm: 0 },
                mt: { xs: -2, sm: 0 },
                bgcolor: '#000',
                borderRadius: { xs: 0, sm: 2 },
                overflow: 'hidden',
              }}
            >
              {player}
            </Box>
            <DirectText {...props} />
          </Box>
        ) : (
          <Box sx={columns}>
            <DirectPoster direct={direct} eager />
            <DirectText {...props} />
          </Box>
        )}
      </Box>
    </PosterBackdrop>
  );
};

/** Same shape as the header while the direct loads: nothing moves when it arrives. */
export const DirectDetailsSkeleton = () => (
  <Box sx={frame} role="status" aria-label="Chargement">
    <Box sx={columns}>
      <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <Box>
        <Skeleton width={80} />
        <Skeleton variant="text" sx={{ fontSize: '2.125rem' }} width="70%" />
        <Skeleton width={160} />
        <Skeleton variant="rounded" height={80} sx={{ mt: 2.5 }} />
      </Box>
    </Box>
  </Box>
);

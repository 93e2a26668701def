import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SensorsIcon from '@mui/icons-material/Sensors';
import type { Direct } from '@plateau/contract';
import { HomeDisplay } from '@plateau/contract/constants';
import { formatDate } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { useCurrentDirect, useCurrentLive, useUpcomingDirect } from '../../../resources/directs.ts';
import { safeLiveUrl } from '../live-url.ts';
import { DirectPoster } from './direct-poster.tsx';

const cardLayout = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
  gap: { xs: 1.5, sm: 3 },
  alignItems: 'center',
  p: { xs: 1.5, sm: 2 },
  bgcolor: 'background.paper',
};

const DirectCardLarge = ({
  direct,
  label,
  live,
}: {
  direct: Direct;
  label: string;
  live: boolean;
}) => (
  <Card component="section" aria-label={label} elevation={3} sx={cardLayout}>
    <DirectPoster direct={direct} eager />
    <Box sx={{ minWidth: 0 }}>
      <Typography
        component="h2"
        variant="overline"
        sx={{ fontWeight: 800, letterSpacing: 1.5, color: live ? 'error.main' : 'primary.main' }}
      >
        {label}
      </Typography>
      <Typography
        component="h3"
        variant="h5"
        sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.25 }}
      >
        {direct.title}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 0.5 }}>
        {formatDate(direct.date)}
      </Typography>
      {direct.description && (
        <Typography
          variant="body2"
          sx={{
            mt: 1.5,
            maxWidth: '65ch',
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {direct.description}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {live && (
          <Button
            component={RouterLink}
            to={paths.currentLive()}
            variant="contained"
            color="error"
            startIcon={<SensorsIcon />}
            // The dark theme's error red is too light under white text (contrast under 4.5).
            sx={{
              fontWeight: 800,
              letterSpacing: 1,
              bgcolor: '#c62828',
              color: 'common.white',
              '&:hover': { bgcolor: '#b71c1c' },
            }}
          >
            LIVE
          </Button>
        )}
        <Button component={RouterLink} to={paths.direct(direct.id)} variant="outlined">
          Voir le DT
        </Button>
      </Box>
    </Box>
  </Card>
);

const BlockSkeleton = () => (
  <Card role="status" aria-label="Chargement" elevation={0} sx={cardLayout}>
    <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
    <Box>
      <Skeleton width={100} />
      <Skeleton variant="text" sx={{ fontSize: '1.5rem' }} width="70%" />
      <Skeleton width={140} />
      <Skeleton variant="rounded" width={160} height={36} sx={{ mt: 2 }} />
    </Box>
  </Card>
);

/**
 * The direct block of the signed-in home (spec section 2): home display 2 announces the
 * 'Prochain DT' (the featured direct, else the soonest to come), 3 the 'DT en cours' with LIVE
 * when its live link exists. Other displays, or no direct to show: nothing.
 */
export const FeaturedDirectBlock = ({
  display,
  displayPending,
}: {
  display: number | undefined;
  /** The home display is still loading: hold the block's place rather than push the page. */
  displayPending: boolean;
}) => {
  const shown = display === HomeDisplay.NextDirect || display === HomeDisplay.CurrentDirect;
  const current = useCurrentDirect();
  const upcoming = useUpcomingDirect(
    display === HomeDisplay.NextDirect && current.isSuccess && current.data === null,
  );
  const live = useCurrentLive(display === HomeDisplay.CurrentDirect);
  if (displayPending) return <BlockSkeleton />;
  if (!shown) return null;
  if (display === HomeDisplay.CurrentDirect) {
    if (current.isPending) return <BlockSkeleton />;
    if (!current.data) return null;
    return (
      <DirectCardLarge
        direct={current.data}
        label="DT en cours"
        live={safeLiveUrl(live.data) !== null}
      />
    );
  }
  if (current.isPending || (current.data === null && upcoming.isPending)) return <BlockSkeleton />;
  const next = current.data ?? upcoming.data;
  if (!next) return null;
  return <DirectCardLarge direct={next} label="Prochain DT" live={false} />;
};

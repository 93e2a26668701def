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
import { useVisualHeight } from '../../../lib/use-visual-height.ts';
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
  /** The chat of the direct, when it is open: beside the player, or under the text. */
  chat?: ReactNode;
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

const playerFrame = {
  mx: { xs: -2, sm: 0 },
  mt: { xs: -2, sm: 0 },
  bgcolor: '#000',
  borderRadius: { xs: 0, sm: 2 },
  overflow: 'hidden',
};

/** The phone's app bar (MUI's toolbar on a narrow portrait screen). */
const PHONE_BAR = 56;

/**
 * The live with its chat. Wide screens: the chat is a column as tall as the picture, the text
 * under the picture. Phones: the chat under the picture, the picture held under the app bar,
 * and the chat as tall as what is left of the screen, keyboard excluded (`visualViewport`), so
 * that typing shrinks the list and never pushes the picture away.
 */
const PlayerWithChat = ({
  player,
  chat,
  text,
}: {
  player: ReactNode;
  chat: ReactNode;
  text: ReactNode;
}) => {
  const visual = useVisualHeight();
  const screen = visual === null ? '100dvh' : `${visual}px`;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, sm: 3 },
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(320px, 3fr)' },
        gridTemplateAreas: { xs: '"player" "chat" "text"', lg: '"player chat" "text ."' },
        alignItems: 'start',
      }}
    >
      <Box
        sx={{
          ...playerFrame,
          gridArea: 'player',
          position: { xs: 'sticky', sm: 'static' },
          top: PHONE_BAR,
          zIndex: 2,
        }}
      >
        {player}
      </Box>
      <Box
        sx={{
          gridArea: 'chat',
          alignSelf: 'stretch',
          position: 'relative',
          minHeight: { xs: 120, lg: 440 },
          // The picture is the full width of the phone (16:9), 16 px of gap under it.
          height: {
            xs: `calc(${screen} - ${PHONE_BAR}px - 56.25vw - 16px)`,
            sm: 480,
            lg: 'auto',
          },
        }}
      >
        {/* Out of the flow on wide screens: the picture alone sets the row's height. */}
        <Box sx={{ position: { lg: 'absolute' }, inset: 0, height: '100%' }}>{chat}</Box>
      </Box>
      <Box sx={{ gridArea: 'text', minWidth: 0 }}>{text}</Box>
    </Box>
  );
};

/**
 * The header of `/direct?d=`: blurred poster behind, poster, title, date, buttons, description;
 * while a live is on the air, its player in the poster's place, wide, above the text; the chat,
 * when open, beside the player (or under the text while there is none).
 */
export const DirectDetails = (props: DirectDetailsProps) => {
  const { direct, player, liveState, chat } = props;
  let content: ReactNode;
  if (player && chat) {
    content = <PlayerWithChat player={player} chat={chat} text={<DirectText {...props} />} />;
  } else if (player) {
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3, lg: 4 },
          // Wide screens keep the title beside the live: both fit above the fold.
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(300px, 3fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={playerFrame}>{player}</Box>
        <DirectText {...props} />
      </Box>
    );
  } else {
    content = (
      <Box sx={columns}>
        <DirectPoster direct={direct} eager />
        <Box sx={{ minWidth: 0 }}>
          <DirectText {...props} />
          {chat && <Box sx={{ height: { xs: 440, md: 480 }, mt: 3 }}>{chat}</Box>}
        </Box>
      </Box>
    );
  }
  return (
    <PosterBackdrop directId={direct.id} hasPoster={direct.hasPoster}>
      <Box sx={frame} data-live-state={liveState}>
        {content}
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

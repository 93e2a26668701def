import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import type { Direct } from '@plateau/contract';
import { formatDate } from '../lib/dates.ts';
import { mediaPaths } from '../resources/media.ts';
import { paths } from '../lib/paths.ts';
import { ProtectedImage } from './protected-image.tsx';

interface DirectCardProps {
  direct: Direct;
  eager?: boolean;
}

/** A direct's poster (placeholder when it has none), title and date. */
export const DirectCard = ({ direct, eager }: DirectCardProps) => (
  <Card sx={{ height: '100%', bgcolor: 'background.paper' }} elevation={0}>
    <CardActionArea
      component={RouterLink}
      to={paths.direct(direct.id)}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        // ButtonBase centres its content: in a taller grid row the thumbnail must stay on top.
        justifyContent: 'flex-start',
      }}
    >
      {direct.hasPoster ? (
        <ProtectedImage
          path={mediaPaths.poster(direct.id)}
          alt=""
          eager={eager}
          sx={{ borderRadius: 1 }}
        />
      ) : (
        <Box
          sx={{
            aspectRatio: '16 / 9',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
          }}
        >
          <LiveTvOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
        </Box>
      )}
      <Box sx={{ px: 0.5, pt: 1, pb: 1.5, minWidth: 0 }}>
        <Typography
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
        >
          {direct.title}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {formatDate(direct.date)}
        </Typography>
      </Box>
    </CardActionArea>
  </Card>
);

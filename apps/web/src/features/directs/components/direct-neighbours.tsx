import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import type { Direct } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';
import { useDirectNeighbour } from '../../../resources/directs.ts';

const NeighbourLink = ({
  direct,
  direction,
}: {
  direct: Direct;
  direction: 'next' | 'previous';
}) => {
  const next = direction === 'next';
  return (
    <Button
      component={RouterLink}
      to={paths.direct(direct.id)}
      variant="text"
      color="inherit"
      startIcon={next ? undefined : <ArrowBackIcon />}
      endIcon={next ? <ArrowForwardIcon /> : undefined}
      sx={{
        justifyContent: next ? 'flex-end' : 'flex-start',
        textAlign: next ? 'right' : 'left',
        gridColumn: next ? 2 : 1,
        minWidth: 0,
        py: 1,
      }}
    >
      <Box component="span" sx={{ minWidth: 0 }}>
        <Typography
          component="span"
          variant="caption"
          color="textSecondary"
          sx={{ display: 'block' }}
        >
          {next ? 'DT suivant' : 'DT précédent'}
        </Typography>
        <Typography
          component="span"
          sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.3 }}
        >
          {direct.title}
        </Typography>
      </Box>
    </Button>
  );
};

/** Links to the directs before and after this one in date order; each hidden when there is none. */
export const DirectNeighbours = ({ directId }: { directId: number }) => {
  const previous = useDirectNeighbour(directId, 'previous');
  const next = useDirectNeighbour(directId, 'next');
  if (!previous.data && !next.data) return null;
  return (
    <Box
      component="nav"
      aria-label="Autres DT"
      sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mb: 3 }}
    >
      {previous.data && <NeighbourLink direct={previous.data} direction="previous" />}
      {next.data && <NeighbourLink direct={next.data} direction="next" />}
    </Box>
  );
};

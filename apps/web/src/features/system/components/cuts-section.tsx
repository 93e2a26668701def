import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SystemStatus } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';
import { Count, Section } from './system-parts.tsx';

/**
 * « Montages » (issue 34): the cuts on their way and those failed this week, counted like the
 * encodes. Each cut is listed, with its video and its reason, on /pending, where members see
 * them too: the geek follows the link rather than a second list here.
 */
export const CutsSection = ({ cuts }: { cuts: SystemStatus['cuts'] }) => (
  <Section id="system-cuts" title="Montages">
    <Box sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
      <Count label="en cours" value={cuts.active} />
      <Count label="en échec cette semaine" value={cuts.failed} tone="error" />
    </Box>
    {cuts.active + cuts.failed > 0 ? (
      <Link component={RouterLink} to={paths.pending()} variant="body2">
        Voir les montages dans les vidéos en attente
      </Link>
    ) : (
      <Typography variant="body2" color="textSecondary">
        Aucun montage en cours ni en échec cette semaine.
      </Typography>
    )}
  </Section>
);

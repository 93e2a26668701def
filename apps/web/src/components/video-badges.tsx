import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import PublicIcon from '@mui/icons-material/Public';
import SchoolIcon from '@mui/icons-material/School';
import VideocamIcon from '@mui/icons-material/Videocam';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LockIcon from '@mui/icons-material/Lock';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import { Privacy } from '@plateau/contract/constants';
import { privacyLabels, GPA_RESTRICTED_LABEL } from '../lib/privacy.ts';
import { LazyTooltip } from './lazy-tooltip.tsx';

const privacyIcons: Record<number, ReactElement> = {
  [Privacy.Public]: <PublicIcon fontSize="inherit" />,
  [Privacy.School]: <SchoolIcon fontSize="inherit" />,
  [Privacy.Plateau]: <VideocamIcon fontSize="inherit" />,
  [Privacy.Archived]: <Inventory2Icon fontSize="inherit" />,
};

const Badge = ({ label, icon }: { label: string; icon: ReactElement }) => (
  <LazyTooltip title={label}>
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 26,
        height: 26,
        borderRadius: '50%',
        fontSize: 16,
        bgcolor: 'rgba(0, 0, 0, 0.65)',
        color: '#fff',
      }}
    >
      {icon}
    </Box>
  </LazyTooltip>
);

interface VideoBadgesProps {
  privacy: number;
  gpaRestricted: boolean;
  trending: boolean;
}

/** What members see on a card: who may watch it, and whether it is in the 'A la une' slots. */
export const VideoBadges = ({ privacy, gpaRestricted, trending }: VideoBadgesProps) => (
  <Box sx={{ position: 'absolute', top: 6, left: 6, display: 'flex', gap: 0.5 }}>
    <Badge
      label={`Accès : ${privacyLabels[privacy] ?? privacy}`}
      icon={privacyIcons[privacy] ?? <PublicIcon />}
    />
    {gpaRestricted && <Badge label={GPA_RESTRICTED_LABEL} icon={<LockIcon fontSize="inherit" />} />}
    {trending && <Badge label="À la une" icon={<WhatshotIcon fontSize="inherit" />} />}
  </Box>
);

import type { SiteSettings } from '@plateau/contract';
import { contactKeys } from '@plateau/contract/constants';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { contactPurposes } from './contact-purposes.tsx';

/** One card per address of the directory; entries without an address are left out. */
export const ContactDirectory = ({ contacts }: { contacts: SiteSettings['contacts'] }) => {
  const entries = contactKeys
    .map((key) => ({ key, ...contactPurposes[key], ...contacts[key] }))
    .filter((entry) => entry.email);
  if (entries.length === 0) {
    return (
      <Typography color="textSecondary">
        Les adresses de contact ne sont pas encore renseignées.
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
      }}
    >
      {entries.map((entry) => (
        <Paper
          key={entry.key}
          component="li"
          variant="outlined"
          aria-labelledby={`contact-${entry.key}`}
          sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'primary.main' }}>
            {entry.icon}
            <Typography id={`contact-${entry.key}`} variant="h6" component="h3">
              {entry.title}
            </Typography>
          </Box>
          <Typography variant="body2" color="textSecondary" sx={{ flex: 1 }}>
            {entry.description}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {entry.name}
          </Typography>
          <Link href={`mailto:${entry.email}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {entry.email}
          </Link>
        </Paper>
      ))}
    </Box>
  );
};

import type { SiteSettings } from '@plateau/contract';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import { paths } from '../../../lib/paths.ts';

const steps = [
  'Écrivez-nous dès que la date de votre événement est connue, idéalement trois semaines avant.',
  'Précisez le lieu, la durée, le type de captation (vidéo, direct, montage) et vos attentes.',
  "Nous revenons vers vous avec une équipe et un devis adaptés à l'événement.",
];

/** How to hire the association: the presta address, or the general one when it has none. */
export const HireUs = ({ contacts }: { contacts: SiteSettings['contacts'] }) => {
  const contact = contacts.presta.email ? contacts.presta : contacts.general;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
        {steps.map((step) => (
          <Typography key={step} component="li">
            {step}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {contact.email ? (
          <Button
            variant="contained"
            href={`mailto:${contact.email}`}
            startIcon={<EmailOutlinedIcon />}
            sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}
          >
            Écrire à {contact.name}
          </Button>
        ) : null}
        <Button component={RouterLink} to={paths.contact()} variant="outlined">
          Tous nos contacts
        </Button>
      </Box>
    </Box>
  );
};

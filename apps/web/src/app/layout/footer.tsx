import { contactKeys } from '@plateau/contract/constants';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSiteSettings } from '../../resources/site.ts';

/** What each entry of the contact directory is for. */
const contactPurpose = {
  general: 'Contact général',
  presta: 'Demandes de prestation',
  prez: 'Présidence',
  matos: 'Prêt de matériel',
  rej: 'Nous rejoindre',
  geek: 'Signaler un bug',
} as const;

/** The contact directory, the association text and the version. */
export const Footer = () => {
  const site = useSiteSettings();
  const contacts = contactKeys
    .map((key) => ({ key, purpose: contactPurpose[key], ...site.contacts[key] }))
    .filter((contact) => contact.email);
  return (
    <Box
      component="footer"
      sx={{ mt: 4, py: 4, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
    >
      <Container
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: contacts.length ? '1fr 1fr' : '1fr' },
        }}
      >
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            {site.associationName}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'pre-line' }}>
            {site.associationText}
          </Typography>
        </Box>
        {contacts.length > 0 && (
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
            {contacts.map((contact) => (
              <Box key={contact.key}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                  {contact.purpose}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {contact.name} : <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Container>
      <Typography
        variant="caption"
        component="p"
        align="center"
        color="textSecondary"
        sx={{ mt: 3 }}
      >
        Version 1.4.0
      </Typography>
    </Box>
  );
};

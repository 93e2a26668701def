import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Loader } from '../../../components/loader.tsx';
import { siteDefaults, useSiteQuery } from '../../../resources/site.ts';
import { ContactDirectory } from './contact-directory.tsx';
import { PageContainer } from './page-container.tsx';

/** `/contact`: who to write to for what, and who the association is. */
export const ContactPage = () => {
  const { data, isPending } = useSiteQuery();
  if (isPending) return <Loader />;
  // A failed read keeps the defaults, as the rest of the shell does.
  const site = data ?? siteDefaults;
  return (
    <PageContainer>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
          Nous contacter
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 720 }}>
          Une question, un événement à filmer, du matériel à emprunter ? Écrivez à la bonne adresse
          : la bonne personne vous répondra plus vite.
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="contact-directory">
        <Typography id="contact-directory" variant="h5" component="h2" gutterBottom>
          Qui contacter ?
        </Typography>
        <ContactDirectory contacts={site.contacts} />
      </Box>
      <Box
        component="section"
        aria-labelledby="contact-association"
        sx={{ borderLeft: 4, borderColor: 'primary.main', pl: { xs: 2, md: 3 }, py: 1 }}
      >
        <Typography id="contact-association" variant="h5" component="h2" gutterBottom>
          {site.associationName}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', maxWidth: 820 }}>
          {site.associationText}
        </Typography>
      </Box>
    </PageContainer>
  );
};

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Loader } from '../../../components/loader.tsx';
import { paths } from '../../../lib/paths.ts';
import { siteDefaults, useSiteQuery } from '../../../resources/site.ts';
import { HireUs } from './hire-us.tsx';
import { PageContainer } from './page-container.tsx';
import { Services } from './services.tsx';

/** `/portfolio`: what the association does and how to hire it, from the site settings. */
export const PortfolioPage = () => {
  const { data, isPending } = useSiteQuery();
  if (isPending) return <Loader />;
  const site = data ?? siteDefaults;
  const [headline, ...otherTaglines] = site.taglines;
  return (
    <PageContainer>
      <Box component="header">
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          Portfolio
        </Typography>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: 34, md: 48 } }}
        >
          {site.associationName}
        </Typography>
        {headline && (
          <Typography variant="h5" component="p" color="textSecondary" sx={{ mt: 1 }}>
            {headline}
          </Typography>
        )}
        <Typography sx={{ mt: 2, maxWidth: 820, whiteSpace: 'pre-line' }}>
          {site.associationText}
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="portfolio-services">
        <Typography id="portfolio-services" variant="h5" component="h2" gutterBottom>
          Ce que nous faisons
        </Typography>
        <Services />
      </Box>

      {otherTaglines.length > 0 && (
        <Box
          component="ul"
          aria-label="En quelques mots"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
        >
          {otherTaglines.map((tagline) => (
            <Typography
              key={tagline}
              component="li"
              sx={{
                px: 2,
                py: 1,
                borderRadius: 3,
                bgcolor: 'action.hover',
                fontStyle: 'italic',
              }}
            >
              {tagline}
            </Typography>
          ))}
        </Box>
      )}

      <Box component="section" aria-labelledby="portfolio-work">
        <Typography id="portfolio-work" variant="h5" component="h2" gutterBottom>
          Nos réalisations
        </Typography>
        <Typography>
          Nos captations sont en ligne : parcourez{' '}
          <Link component={RouterLink} to={paths.videos()}>
            nos dernières vidéos
          </Link>{' '}
          et{' '}
          <Link component={RouterLink} to={paths.directs()}>
            tous nos DT
          </Link>
          .
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="portfolio-hire">
        <Typography id="portfolio-hire" variant="h5" component="h2" gutterBottom>
          Faire appel à nous
        </Typography>
        <HireUs contacts={site.contacts} />
      </Box>
    </PageContainer>
  );
};

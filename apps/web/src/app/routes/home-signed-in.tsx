import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { Page } from '../../components/page.tsx';
import { Section } from '../../components/section.tsx';
import { FeaturedDirectBlock } from '../../features/directs/components/featured-direct-block.tsx';
import { LatestDirectsBlock } from '../../features/directs/components/latest-directs-block.tsx';
import { PosterBackdrop } from '../../features/directs/components/poster-backdrop.tsx';
import { LatestVideosBlock } from '../../features/welcome/components/latest-videos-block.tsx';
import { TrendingBlock } from '../../features/welcome/components/trending-block.tsx';
import { WelcomeTitle } from '../../features/welcome/components/welcome-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useCurrentDirect } from '../../resources/directs.ts';
import { homeDisplayQuery } from '../../resources/settings.ts';

/**
 * `/` signed in: the greeting over the blurred poster of the current direct, the direct block
 * the home display asks for, then 'A la une', the latest videos and the latest directs. Each
 * block loads on its own; a failed home display read simply leaves the direct block out.
 */
export const HomeSignedInPage = () => {
  const { username } = useSession();
  const display = useQuery(homeDisplayQuery);
  const current = useCurrentDirect();
  return (
    <>
      <PosterBackdrop directId={current.data?.id ?? null} hasPoster={!!current.data?.hasPoster}>
        <Box
          sx={{
            maxWidth: 1600,
            mx: 'auto',
            px: { xs: 2, sm: 3 },
            pt: { xs: 3, sm: 5 },
            pb: { xs: 1, sm: 2 },
            display: 'grid',
            gap: { xs: 2, sm: 3 },
          }}
        >
          <WelcomeTitle username={username} />
          <FeaturedDirectBlock display={display.data} displayPending={display.isPending} />
        </Box>
      </PosterBackdrop>
      <Page>
        <Section title="A la une">
          <TrendingBlock />
        </Section>
        <Section
          title="Nos dernieres videos"
          link={{ to: paths.videos(), label: 'Toutes les vidéos' }}
        >
          <LatestVideosBlock />
        </Section>
        <Section title="Nos derniers DT" link={{ to: paths.directs(), label: 'Tous les DT' }}>
          <LatestDirectsBlock />
        </Section>
      </Page>
    </>
  );
};

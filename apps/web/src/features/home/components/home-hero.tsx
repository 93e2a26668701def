import { useLayoutEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '../../../lib/paths.ts';
import { signOut, useSession } from '../../../lib/session.ts';
import { siteDefaults, siteQuery } from '../../../resources/site.ts';
import { BannerVideo } from './banner-video.tsx';
import { ScrollArrow } from './scroll-arrow.tsx';

/**
 * The tagline index.html's first paint drew (`data-tagline`), read once when this module loads:
 * the hero shows the same sentence instead of swapping it, for the rest of this page load.
 */
const firstPaintDraw = (() => {
  const drawn = document.documentElement.dataset.tagline;
  document.documentElement.removeAttribute('data-tagline');
  return drawn === undefined ? undefined : Number(drawn);
})();

/** One of the site's taglines, drawn once per visit of the page (stable across re-renders). */
const useRandomTagline = (taglines: readonly string[]) => {
  const [draw] = useState(() =>
    firstPaintDraw === undefined
      ? Math.random()
      : (firstPaintDraw + 0.5) / Math.max(taglines.length, 1),
  );
  if (taglines.length === 0) return '';
  return taglines[Math.floor(draw * taglines.length)] ?? taglines[0];
};

/** The static hero of index.html leaves once this one is in the page, in the same frame. */
const useReplaceFirstPaint = () =>
  useLayoutEffect(() => {
    document.getElementById('first-paint')?.remove();
  }, []);

/**
 * The visitor's landing hero: a random tagline over the banner video, Connexion and Contact, and
 * the arrow down to the videos (`gridId`).
 */
export const HomeHero = ({ gridId }: { gridId: string }) => {
  const { data, isPending } = useQuery(siteQuery);
  const site = data ?? siteDefaults;
  const { isAuth } = useSession();
  const tagline = useRandomTagline(site.taglines);
  useReplaceFirstPaint();
  return (
    <Box
      component="section"
      aria-label="Bienvenue"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        // The screen under the header, within reason on very short or very tall windows.
        minHeight: { xs: 420, sm: 480 },
        height: 'calc(100svh - 64px)',
        maxHeight: 820,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'common.white',
        // Drawn at once, under the video: the hero is finished before the video arrives.
        background: 'radial-gradient(ellipse at 30% 20%, #1e3a5f 0%, #0b1320 55%, #05070c 100%)',
      }}
    >
      <BannerVideo src={site.bannerVideoUrl} />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background: 'linear-gradient(180deg, rgba(0,0,0,0.35) 0%, rgba(0,0,0,0.65) 100%)',
        }}
      />
      <Box
        sx={{
          position: 'relative',
          px: 3,
          maxWidth: 900,
          textAlign: 'center',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: { xs: 2, sm: 3 },
        }}
      >
        <Typography
          variant="overline"
          sx={{
            letterSpacing: 4,
            fontSize: { xs: '0.8rem', sm: '0.95rem' },
            opacity: isPending ? 0 : 0.85,
            transition: 'opacity 200ms ease',
          }}
        >
          {site.associationName}
        </Typography>
        <Typography
          component="h1"
          sx={{
            fontWeight: 800,
            lineHeight: 1.15,
            fontSize: { xs: '2rem', sm: '3rem', md: '3.75rem' },
            overflowWrap: 'anywhere',
            textShadow: '0 2px 16px rgba(0,0,0,0.5)',
            // Until the site's taglines arrive, the default one would flash and be replaced.
            opacity: isPending ? 0 : 1,
            transition: 'opacity 200ms ease',
          }}
        >
          {tagline}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button
            component={RouterLink}
            to={paths.login()}
            // Connexion starts from a clean slate: whoever was signed in is signed out first.
            onClick={() => {
              if (isAuth) signOut();
            }}
            variant="contained"
            size="large"
          >
            Connexion
          </Button>
          <Button
            component={RouterLink}
            to={paths.contact()}
            variant="outlined"
            size="large"
            sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.7)' }}
          >
            Contact
          </Button>
        </Box>
      </Box>
      <Box
        sx={{
          position: 'absolute',
          bottom: { xs: 8, sm: 16 },
          left: 0,
          right: 0,
          textAlign: 'center',
        }}
      >
        <ScrollArrow targetId={gridId} />
      </Box>
    </Box>
  );
};

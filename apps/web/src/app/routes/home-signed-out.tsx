import Box from '@mui/material/Box';
import { HomeHero } from '../../features/home/components/home-hero.tsx';
import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

const GRID_ID = 'nos-dernieres-videos';

/** `/` for visitors: the hero, then the latest public videos (the server keeps the others). */
export const HomeSignedOutPage = () => (
  <>
    <HomeHero gridId={GRID_ID} />
    <Box id={GRID_ID} sx={{ scrollMarginTop: 64 }}>
      <VideoGrid
        title="Nos dernieres videos"
        titleComponent="h2"
        list="latest"
        topPager={false}
        // Below the hero: thumbnails wait until they scroll into view.
        eagerCards={0}
        emptyText="Il n'y a encore aucune vidéo publique."
        tagFilter={TagChips}
      />
    </Box>
  </>
);

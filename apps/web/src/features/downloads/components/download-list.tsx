import Box from '@mui/material/Box';
import Slide from '@mui/material/Slide';
import { SLIDE_OUT_MS, type DownloadEntry } from '../download-store.ts';
import { DownloadEntryCard } from './download-entry-card.tsx';

/** The panel itself: fixed bottom-right, 400 px wide (the whole width on phones). */
export const DownloadList = ({ entries }: { entries: readonly DownloadEntry[] }) => {
  return (
    <Box
      component="section"
      aria-label="Téléchargements"
      sx={{
        position: 'fixed',
        zIndex: 'speedDial',
        bottom: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        width: { sm: 400 },
        // Only the entries take clicks; the empty space around them stays the page's.
        pointerEvents: 'none',
      }}
    >
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {entries.map((entry) => (
          <Slide
            key={entry.id}
            direction="left"
            in={entry.shown}
            timeout={{ enter: 300, exit: SLIDE_OUT_MS }}
          >
            <DownloadEntryCard entry={entry} />
          </Slide>
        ))}
      </Box>
    </Box>
  );
};

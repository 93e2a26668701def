import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface PageProps {
  /** The page's h1; omit when the page draws its own heading. */
  title?: ReactNode;
  /** Buttons on the right of the title (wrap under it on a phone). */
  actions?: ReactNode;
  /** h2 when the page already has its h1 above this frame (the visitor's home hero). */
  titleComponent?: 'h1' | 'h2';
  children: ReactNode;
}

/** The frame of every page in the main layout: same width, margins and heading everywhere. */
export const Page = ({ title, actions, titleComponent = 'h1', children }: PageProps) => (
  <Box sx={{ maxWidth: 1600, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
    {(title || actions) && (
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
        }}
      >
        {title && (
          <Typography
            variant="h4"
            component={titleComponent}
            sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' }, minWidth: 0 }}
          >
            {title}
          </Typography>
        )}
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
    )}
    {children}
  </Box>
);

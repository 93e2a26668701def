import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Cards at least `minWidth` wide, as many per row as fit: one column on a 360 px phone. */
export const CardGrid = ({
  children,
  minWidth = 240,
}: {
  children: ReactNode;
  minWidth?: number;
}) => (
  <Box
    sx={{
      display: 'grid',
      gap: { xs: 2, sm: 2.5 },
      gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}px), 1fr))`,
    }}
  >
    {children}
  </Box>
);

/** Loading cards of the same shape as the real ones, so nothing jumps when they arrive. */
export const CardGridSkeleton = ({
  count = 8,
  minWidth,
}: {
  count?: number;
  minWidth?: number;
}) => (
  <CardGrid minWidth={minWidth}>
    {Array.from({ length: count }, (_, index) => (
      <Box key={index} aria-hidden>
        <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
        <Skeleton width="80%" sx={{ mt: 1 }} />
        <Skeleton width="50%" />
      </Box>
    ))}
  </CardGrid>
);

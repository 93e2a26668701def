import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { LoadError } from '../../../components/list-state.tsx';

interface StatisticsLoadProps {
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  /** How tall the placeholder is: a page's figures and charts, or an edit page's section. */
  compact?: boolean;
  children: ReactNode;
}

/** Figures and charts while they load, the app's error with a retry, or the statistics. */
export const StatisticsLoad = ({
  status,
  onRetry,
  compact = false,
  children,
}: StatisticsLoadProps) => {
  if (status === 'pending') {
    return (
      <Box role="status" aria-label="Chargement des statistiques" sx={{ display: 'grid', gap: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} variant="rounded" height={compact ? 72 : 110} />
          ))}
        </Box>
        <Skeleton variant="rounded" height={compact ? 160 : 320} />
      </Box>
    );
  }
  if (status === 'error') return <LoadError onRetry={onRetry} />;
  return children;
};

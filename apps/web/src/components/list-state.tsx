import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { CardGridSkeleton } from './card-grid.tsx';

/** The spec's text for every list that failed to load (section 8, "Loading"). */
export const LIST_ERROR = "Une erreur s'est produite";

/** The spec's error for something that failed to load, with « Réessayer » when it can be. */
export const LoadError = ({ onRetry, sx }: { onRetry?: () => void; sx?: SxProps<Theme> }) => (
  <Alert
    severity="error"
    sx={sx}
    action={
      onRetry && (
        <Button type="button" color="inherit" size="small" onClick={onRetry}>
          Réessayer
        </Button>
      )
    }
  >
    {LIST_ERROR}
  </Alert>
);

interface ListStateProps {
  status: 'pending' | 'error' | 'success';
  isEmpty: boolean;
  emptyText: string;
  onRetry?: () => void;
  /** How many loading cards to show (the expected page). */
  loadingCount?: number;
  minWidth?: number;
  children: ReactNode;
}

/** Loading, error, empty or the list itself: every list says which one it is in. */
export const ListState = ({
  status,
  isEmpty,
  emptyText,
  onRetry,
  loadingCount,
  minWidth,
  children,
}: ListStateProps) => {
  if (status === 'pending') {
    return (
      <Box role="status" aria-label="Chargement">
        <CardGridSkeleton count={loadingCount} minWidth={minWidth} />
      </Box>
    );
  }
  if (status === 'error') return <LoadError onRetry={onRetry} />;
  if (isEmpty) {
    return (
      <Typography color="textSecondary" sx={{ py: 6, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return children;
};

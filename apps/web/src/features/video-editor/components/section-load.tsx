import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { LoadError } from '../../../components/list-state.tsx';

interface SectionLoadProps {
  /** What is loading, for screen readers (« Chargement des sous-titres »). */
  label: string;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  children: ReactNode;
}

/** An edit page section's list: a placeholder while it loads, the spec's error with a retry. */
export const SectionLoad = ({ label, status, onRetry, children }: SectionLoadProps) => {
  if (status === 'pending') {
    return (
      <Box role="status" aria-label={label}>
        <Skeleton variant="rounded" height={56} />
      </Box>
    );
  }
  if (status === 'error') return <LoadError onRetry={onRetry} />;
  return children;
};

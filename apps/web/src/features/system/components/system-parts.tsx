import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The pieces every block of the system view is made of. */

export type Tone = 'success' | 'warning' | 'error' | 'default';

/** A titled block of the page (a region named by its heading). */
export const Section = ({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) => (
  <Paper
    component="section"
    variant="outlined"
    aria-labelledby={id}
    sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
  >
    <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/**
 * One "label: value" line; a `block` value (a long path) goes under its label, left-aligned,
 * and so does any value once the line is too narrow for both.
 */
export const Row = ({
  label,
  block = false,
  children,
}: {
  label: string;
  block?: boolean;
  children: ReactNode;
}) => (
  <Box
    sx={{
      display: 'flex',
      flexWrap: 'wrap',
      flexDirection: block ? 'column' : 'row',
      justifyContent: 'space-between',
      alignItems: block ? 'flex-start' : 'center',
      columnGap: 2,
      rowGap: 0.25,
      py: 0.75,
      borderBottom: 1,
      borderColor: 'divider',
      '&:last-of-type': { borderBottom: 0 },
    }}
  >
    <Typography component="dt" variant="body2" color="textSecondary">
      {label}
    </Typography>
    <Typography
      component="dd"
      variant="body2"
      sx={{ m: 0, fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  </Box>
);

export const Rows = ({ children }: { children: ReactNode }) => (
  <Box component="dl" sx={{ m: 0 }}>
    {children}
  </Box>
);

export const State = ({ label, tone }: { label: string; tone: Tone }) => (
  <Chip
    size="small"
    label={label}
    color={tone}
    variant={tone === 'default' ? 'outlined' : 'filled'}
  />
);

/** A big number over its label, beside its siblings (the encodes and cuts waiting, running, failed). */
export const Count = ({ label, value, tone }: { label: string; value: number; tone?: 'error' }) => (
  <Box
    sx={{
      flex: '1 1 0',
      minWidth: 0,
      textAlign: 'center',
      py: 1,
      borderRadius: 1,
      bgcolor: 'action.hover',
    }}
  >
    <Typography
      variant="h5"
      component="p"
      sx={{ fontWeight: 700 }}
      color={tone === 'error' && value > 0 ? 'error' : 'text.primary'}
    >
      {value}
    </Typography>
    <Typography variant="caption" color="textSecondary">
      {label}
    </Typography>
  </Box>
);

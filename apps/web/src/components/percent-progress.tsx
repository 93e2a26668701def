import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * A long work's bar with its percent beside it; before the first report (`percent` unknown)
 * the bar only says that something is happening.
 */
export const PercentProgress = ({
  percent,
  label,
}: {
  percent: number | null | undefined;
  /** The bar's accessible name. */
  label: string;
}) => {
  const known = typeof percent === 'number';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1 }}>
      <LinearProgress
        variant={known ? 'determinate' : 'indeterminate'}
        value={known ? percent : undefined}
        aria-label={label}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      {known && (
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ minWidth: '3.5em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
        >
          {percent} %
        </Typography>
      )}
    </Box>
  );
};

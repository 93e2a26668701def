import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';

/**
 * The spec's under-construction page ('Cette page est en cours de construction...'), at
 * /construction: where a link to a page the association has not written yet can point.
 */
export const Component = () => (
  <Box
    sx={{
      minHeight: 400,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 2,
      textAlign: 'center',
      px: 2,
    }}
  >
    <ConstructionIcon sx={{ fontSize: 64, color: 'text.secondary' }} />
    <Typography variant="h5" component="h1">
      Cette page est en cours de construction...
    </Typography>
  </Box>
);

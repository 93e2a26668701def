import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/paths.ts';

/** The catch-all (the blue 404 screen of the spec comes with the screens). */
export const NotFound = () => (
  <Box sx={{ minHeight: 400, display: 'grid', placeItems: 'center', textAlign: 'center', px: 2 }}>
    <Box>
      <Typography variant="h3" component="h1" gutterBottom>
        Erreur 404
      </Typography>
      <Typography gutterBottom>Cette page n&apos;existe pas.</Typography>
      <Button component={RouterLink} to={paths.home()} variant="contained">
        Retour a l&apos;accueil
      </Button>
    </Box>
  </Box>
);

import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { paths } from '../../lib/paths.ts';
import type { LoginState } from '../../lib/remembered-page.ts';
import { useSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useSiteSettings } from '../../resources/site.ts';
import { LazyHeaderSearch } from '../../features/search/components/lazy-header-search.tsx';

/** Menu button, site name, search box (signed in), sign-in or sign-out. */
export const Header = ({ onMenuClick }: { onMenuClick: () => void }) => {
  const session = useSession();
  const site = useSiteSettings();
  const signOutHome = useSignOut();
  const location = useLocation();
  // Signing in from the header brings the person back to the page they were reading.
  const loginState: LoginState = { from: `${location.pathname}${location.search}` };
  return (
    <AppBar position="sticky" color="default" elevation={1}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" aria-label="Ouvrir le menu" onClick={onMenuClick}>
          <MenuIcon />
        </IconButton>
        <Typography
          component={RouterLink}
          to={paths.home()}
          variant="h6"
          noWrap
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            // On a phone a signed-in person needs the room for the search box.
            display: { xs: session.isAuth ? 'none' : 'block', sm: 'block' },
          }}
        >
          {site.associationName}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'center' }}>
          {/* Signed in only; the heavy suggestions box loads on first use. */}
          {session.isAuth && <LazyHeaderSearch />}
        </Box>
        {session.isAuth ? (
          <Button variant="outlined" onClick={() => void signOutHome()}>
            Déconnexion
          </Button>
        ) : (
          <Button component={RouterLink} to={paths.login()} state={loginState} variant="contained">
            Connexion
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
};

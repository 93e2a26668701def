import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Loader } from '../../components/loader.tsx';
import { DownloadPanel } from '../../features/downloads/components/download-panel.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

// The menu (its lists and icons) loads on the first open, not with the landing page.
const SideMenu = lazy(async () => ({ default: (await import('./side-menu.tsx')).SideMenu }));

/** Header, side menu and footer around every page but /login and /auth/callback. */
export const MainLayout = () => {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const navigation = useNavigation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header
        onMenuClick={() => {
          setMenuWanted(true);
          setMenuOpen(true);
        }}
      />
      {menuWanted && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      {navigation.state === 'loading' && (
        <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }} />
      )}
      <Box component="main" sx={{ flex: 1, width: '100%' }}>
        <Suspense fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      {/* Once, here: downloads carry on and stay listed while the person browses. */}
      <DownloadPanel />
      {/* A link opens its page at the top; back and forward return where the person was. */}
      <ScrollRestoration />
    </Box>
  );
};

import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotifyProvider } from '../lib/notify.tsx';
import { createQueryClient } from '../resources/query-client.ts';
import { themes, useThemeMode } from '../lib/theme.ts';

/** Everything a page relies on: server cache, theme (dark or day), notification bar. */
export const Providers = ({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const mode = useThemeMode();
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={themes[mode]}>
        <CssBaseline />
        <NotifyProvider>{children}</NotifyProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
};

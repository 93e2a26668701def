import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotifyProvider } from '../lib/notify.tsx';
import { guardStoredUploads } from '../lib/resumable-upload/upload-guard.ts';
import { onSessionChange, useSessionEpoch } from '../lib/session.ts';
import { themes, useThemeMode } from '../lib/theme.ts';
import { createQueryClient } from '../resources/query-client.ts';

// Unfinished uploads are kept in local storage for their person only (lib/resumable-upload):
// from the first screen on, whatever page the next person opens, none outlives its session.
guardStoredUploads();

/**
 * School computers are shared, often in the same tab: when the person changes, the answers
 * kept for the previous one are dropped (their requests cancelled) before anything is drawn for
 * the next one, and every screen below starts afresh, so no list, count or placeholder of theirs
 * stands in even for a frame. The notification bar stays: it says the sign-in worked.
 */
const SessionScope = ({ client, children }: { client: QueryClient; children: ReactNode }) => {
  useEffect(
    () =>
      onSessionChange(() => {
        void client.cancelQueries();
        client.clear();
      }),
    [client],
  );
  return <Fragment key={useSessionEpoch()}>{children}</Fragment>;
};

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
        <NotifyProvider>
          <SessionScope client={client}>{children}</SessionScope>
        </NotifyProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
};

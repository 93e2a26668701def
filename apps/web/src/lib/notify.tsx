import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { NotificationBarProps, Notice } from './notification-bar.tsx';

export type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify>(() => {});

/**
 * Said where the bar would be when its code cannot be fetched (the server is down, or a new
 * deployment removed the chunk): the message the person needs is still shown.
 */
const PlainBar = ({ notice, open, onClose }: NotificationBarProps) => {
  useEffect(() => {
    const timer = setTimeout(onClose, 6000);
    return () => clearTimeout(timer);
  }, [notice, onClose]);
  return open ? (
    <Box
      role="alert"
      sx={{
        position: 'fixed',
        bottom: 24,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 'snackbar',
        maxWidth: 'calc(100vw - 16px)',
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: `${notice.severity}.main`,
        color: `${notice.severity}.contrastText`,
      }}
    >
      {notice.message}
    </Box>
  ) : null;
};

// Snackbar, Alert and their transitions (about 8 kB gzip) load with the first notice, not
// with every page's first paint (bench/README.md "Web").
const NotificationBar = lazy<ComponentType<NotificationBarProps>>(() =>
  import('./notification-bar.tsx').then(
    (module) => ({ default: module.NotificationBar }),
    () => ({ default: PlainBar }),
  ),
);

/** The notification bar's state: one notice at a time, the newest replaces the last. */
export const NotifyProvider = ({ children }: { children: ReactNode }) => {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice({ key: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  const close = useCallback(() => setOpen(false), []);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {notice && (
        <Suspense fallback={null}>
          <NotificationBar notice={notice} open={open} onClose={close} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
};

/** Shows a message in the notification bar; severity info by default. */
export const useNotify = () => useContext(NotifyContext);

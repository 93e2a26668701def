import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify>(() => {});

interface Notice {
  key: number;
  message: string;
  severity: AlertColor;
}

/** The notification bar (spec "Layout elements"): bottom centre, filled, hides after 6 s. */
export const NotifyProvider = ({ children }: { children: ReactNode }) => {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice({ key: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={notice?.key}
        open={open}
        autoHideDuration={6000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
      >
        <Alert
          variant="filled"
          severity={notice?.severity ?? 'info'}
          onClose={() => setOpen(false)}
          sx={{ width: '100%' }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
};

/** Shows a message in the notification bar; severity info by default. */
export const useNotify = () => useContext(NotifyContext);

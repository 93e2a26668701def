import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface Notice {
  key: number;
  message: string;
  severity: AlertColor;
}

export interface NotificationBarProps {
  notice: Notice;
  open: boolean;
  onClose: () => void;
}

/** The notification bar (spec "Layout elements"): bottom centre, filled, hides after 6 s. */
export const NotificationBar = ({ notice, open, onClose }: NotificationBarProps) => (
  <Snackbar
    key={notice.key}
    open={open}
    autoHideDuration={6000}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    onClose={(_event, reason) => {
      if (reason !== 'clickaway') onClose();
    }}
  >
    <Alert
      variant="filled"
      severity={notice.severity}
      onClose={onClose}
      closeText="Fermer"
      sx={{ width: '100%' }}
    >
      {notice.message}
    </Alert>
  </Snackbar>
);

import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { signIn } from '../../../lib/session.ts';
import { finishSingleSignOn } from '../api/session-api.ts';
import { SSO_ERROR } from '../messages.ts';
import { clearSsoFailures, countSsoFailure, takeReturnPath } from '../sso.ts';

/** `/auth/callback`: the single sign-on provider sends the browser back here. */
export const AuthCallback = () => {
  const { search } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const started = useRef(false);

  useEffect(() => {
    // The code in the query string is single-use: one exchange, even under StrictMode.
    if (started.current) return;
    started.current = true;
    finishSingleSignOn(search)
      .then(({ accessToken }) => {
        signIn(accessToken, { sso: true });
        clearSsoFailures();
        navigate(takeReturnPath(), { replace: true });
      })
      .catch(() => {
        countSsoFailure();
        notify(SSO_ERROR, 'error');
        navigate(paths.login(), { replace: true, state: { from: takeReturnPath() } });
      });
  }, [search, navigate, notify]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Typography>Loading...</Typography>
    </Box>
  );
};

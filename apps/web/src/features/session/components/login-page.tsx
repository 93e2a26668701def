import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LoginIcon from '@mui/icons-material/Login';
import { errorStatus } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { rememberedPage } from '../../../lib/remembered-page.ts';
import { signIn, useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../resources/site.ts';
import { requestToken } from '../api/session-api.ts';
import {
  EMPTY_FIELDS,
  LOGIN_ERROR,
  LOGIN_SUCCESS,
  randomWrongCredentialsMessage,
} from '../messages.ts';
import { rememberReturnPath, ssoFailures } from '../sso.ts';

/** `/login`: the members' form, and single sign-on when the deployment has it. */
export const LoginPage = () => {
  const session = useSession();
  const site = useSiteSettings();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failures] = useState(ssoFailures);
  const from = rememberedPage(location.state);

  if (session.isAuth && !busy) return <Navigate to={paths.home()} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username || !password) {
      notify(EMPTY_FIELDS, 'warning');
      return;
    }
    setBusy(true);
    try {
      const { accessToken } = await requestToken(username, password);
      signIn(accessToken);
      notify(LOGIN_SUCCESS, 'success');
      navigate(from, { replace: true });
    } catch (error) {
      notify(errorStatus(error) === 401 ? randomWrongCredentialsMessage() : LOGIN_ERROR, 'error');
      setBusy(false);
    }
  };

  const startSingleSignOn = () => {
    rememberReturnPath(from);
    window.location.assign(paths.ssoStart());
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        position: 'relative',
        overflow: 'hidden',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      {wide && site.bannerVideoUrl && (
        <Box
          component="video"
          src={site.bannerVideoUrl}
          autoPlay
          muted
          loop
          playsInline
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            filter: 'brightness(0.45)',
          }}
        />
      )}
      <Paper
        elevation={6}
        sx={{ position: 'relative', width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}
      >
        <Typography component="h1" variant="h5" gutterBottom>
          Connexion à {site.associationName}
        </Typography>
        {site.sso && (
          <Button
            variant="contained"
            color="secondary"
            fullWidth
            startIcon={<LoginIcon />}
            onClick={startSingleSignOn}
            data-failures={failures}
            sx={{
              my: 2,
              py: 1 + Math.min(failures, 6) * 0.5,
              fontSize: `${1 + Math.min(failures, 6) * 0.15}rem`,
            }}
          >
            Connexion avec le compte de l&apos;école
          </Button>
        )}
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Identifiant"
              name="username"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              fullWidth
            />
            <TextField
              label="Mot de passe"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              fullWidth
            />
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Button variant="outlined" onClick={() => navigate(paths.home())}>
                Retour
              </Button>
              <Button type="submit" variant="contained" loading={busy}>
                Valider
              </Button>
            </Stack>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
};

import Typography from '@mui/material/Typography';

/** The greeting of the signed-in home page. */
export const WelcomeTitle = ({ username }: { username: string | null }) => (
  <Typography
    variant="h3"
    component="h1"
    sx={{
      fontWeight: 800,
      fontSize: { xs: '1.9rem', sm: '2.6rem', md: '3rem' },
      overflowWrap: 'anywhere',
    }}
  >
    {username ? `Bienvenue, ${username}\u00a0!` : 'Bienvenue\u00a0!'}
  </Typography>
);

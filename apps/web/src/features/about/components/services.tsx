import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CastIcon from '@mui/icons-material/Cast';
import MovieCreationIcon from '@mui/icons-material/MovieCreation';
import SchoolIcon from '@mui/icons-material/School';
import VideocamIcon from '@mui/icons-material/Videocam';

/** What any deployment of Plateau offers (spec section 1): the trades, not the branding. */
const services = [
  {
    title: 'Captations',
    text: 'Conférences, soirées, spectacles, compétitions : nous filmons vos événements, à une ou plusieurs caméras.',
    icon: <VideocamIcon fontSize="large" />,
  },
  {
    title: 'Directs',
    text: 'Une régie, des caméras, un lien de diffusion : vos événements en direct, puis en replay sur le site.',
    icon: <CastIcon fontSize="large" />,
  },
  {
    title: 'Montage',
    text: 'Aftermovies, reportages, interviews, clips : du tournage brut à la vidéo prête à partager.',
    icon: <MovieCreationIcon fontSize="large" />,
  },
  {
    title: 'Prêt et formations',
    text: 'Du matériel prêté aux élèves, et des formations pour apprendre à filmer, monter et réaliser.',
    icon: <SchoolIcon fontSize="large" />,
  },
];

export const Services = () => (
  <Box
    component="ul"
    sx={{
      listStyle: 'none',
      m: 0,
      p: 0,
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
    }}
  >
    {services.map((service) => (
      <Paper key={service.title} component="li" variant="outlined" sx={{ p: 2.5 }}>
        <Box sx={{ color: 'primary.main', mb: 1 }}>{service.icon}</Box>
        <Typography variant="h6" component="h3" gutterBottom>
          {service.title}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {service.text}
        </Typography>
      </Paper>
    ))}
  </Box>
);

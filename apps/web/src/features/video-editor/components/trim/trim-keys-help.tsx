import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const keys: [string, string][] = [
  ['I / O', 'début / fin de la partie à la tête de lecture'],
  [', / .', 'une image en arrière / en avant'],
  ['← / →', 'une seconde'],
  ['Espace', 'lecture / pause'],
  ['Sur une poignée', 'les mêmes touches la déplacent, Page ↑ / Page ↓ de 10 s'],
];

/** The editor's keys, beside the ranges on a wide screen (a phone has the buttons instead). */
export const TrimKeysHelp = () => (
  <Box
    component="dl"
    aria-label="Touches du montage"
    sx={{
      display: { xs: 'none', md: 'grid' },
      gridTemplateColumns: 'max-content 1fr',
      columnGap: 1.5,
      rowGap: 0.25,
      m: 0,
      p: 1.5,
      borderRadius: 1,
      border: 1,
      borderColor: 'divider',
    }}
  >
    {keys.map(([key, meaning]) => (
      <Box key={key} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {key}
        </Typography>
        <Typography component="dd" variant="body2" color="textSecondary" sx={{ m: 0 }}>
          {meaning}
        </Typography>
      </Box>
    ))}
  </Box>
);

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { compare, type Change } from '../statistics-format.ts';
import type { KeyFigure } from '../statistics-figures.ts';
import { visuallyHidden } from '../visually-hidden.ts';

const trendColor: Record<Change['trend'], string> = {
  up: 'success.main',
  down: 'error.main',
  same: 'text.secondary',
  new: 'text.primary',
};

const ChangeLine = ({ change, previousText }: { change: Change; previousText: string }) => (
  <Typography
    variant="body2"
    sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5 }}
  >
    <Box
      component="span"
      sx={{
        color: trendColor[change.trend],
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
      }}
    >
      {change.trend === 'up' && <ArrowUpwardIcon fontSize="inherit" aria-hidden />}
      {change.trend === 'down' && <ArrowDownwardIcon fontSize="inherit" aria-hidden />}
      <span aria-hidden>{change.text}</span>
      <Box component="span" sx={visuallyHidden}>
        {change.spoken}
      </Box>
    </Box>
    <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
      (avant : {previousText})
    </Box>
  </Typography>
);

/** The period's figures side by side (two by two on a phone), each with its change. */
export const KeyFigures = ({ figures, label }: { figures: KeyFigure[]; label: string }) => (
  <Box
    component="ul"
    aria-label={label}
    sx={{
      listStyle: 'none',
      m: 0,
      p: 0,
      display: 'grid',
      gap: { xs: 1, sm: 2 },
      gridTemplateColumns: {
        xs: 'repeat(2, minmax(0, 1fr))',
        md: `repeat(${figures.length}, minmax(0, 1fr))`,
      },
    }}
  >
    {figures.map((figure) => (
      <Paper
        key={figure.label}
        component="li"
        variant="outlined"
        aria-label={figure.label}
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 0.5, alignContent: 'start' }}
      >
        <Typography variant="body2" color="textSecondary" component="span">
          {figure.label}
        </Typography>
        <Typography
          component="span"
          sx={{
            fontWeight: 700,
            fontSize: { xs: '1.5rem', sm: '2rem' },
            lineHeight: 1.2,
            fontVariantNumeric: 'tabular-nums',
            overflowWrap: 'anywhere',
          }}
        >
          {figure.text}
        </Typography>
        {figure.compared && (
          <ChangeLine
            change={compare(figure.compared.current, figure.compared.previous)}
            previousText={figure.compared.previousText}
          />
        )}
        {figure.caption && (
          <Typography variant="caption" color="textSecondary">
            {figure.caption}
          </Typography>
        )}
      </Paper>
    ))}
  </Box>
);

import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const pulse = keyframes`
  0% { transform: scale(0.6); opacity: 0.4; }
  50% { transform: scale(1); opacity: 1; }
  100% { transform: scale(0.6); opacity: 0.4; }
`;

/** The centred animated loader (2000 ms per cycle, at least 500 px high). */
export const Loader = () => (
  <Box
    role="progressbar"
    aria-label="Chargement"
    sx={{
      minHeight: 500,
      width: '100%',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 1.5,
    }}
  >
    {[0, 1, 2].map((dot) => (
      <Box
        key={dot}
        sx={{
          width: 18,
          height: 18,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          animation: `${pulse} 2000ms ease-in-out infinite`,
          animationDelay: `${dot * 250}ms`,
        }}
      />
    ))}
  </Box>
);

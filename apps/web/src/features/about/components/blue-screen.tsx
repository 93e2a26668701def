import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '../../../lib/paths.ts';
import { pickMessage } from './not-found-messages.ts';

// Its own colours, whatever the theme: white on this blue is readable in both (contrast 7:1).
const blue = '#0057a8';

/** The "blue screen of death" 404: a message drawn once per visit, a QR code of the site. */
export const BlueScreen = ({
  messages,
  face = ':(',
  stopCode = 'PAGE_INTROUVABLE',
}: {
  messages: readonly string[];
  face?: string;
  stopCode?: string;
}) => {
  const [message] = useState(() => pickMessage(messages));
  return (
    <Box
      sx={{
        bgcolor: blue,
        color: '#fff',
        minHeight: { xs: 'calc(100vh - 56px)', sm: 'calc(100vh - 64px)' },
        width: '100%',
        // Flush with the footer, whose top margin would leave a strip of page between them.
        mb: -4,
        display: 'flex',
        alignItems: 'center',
        px: { xs: 3, sm: 6, md: 12 },
        py: { xs: 5, md: 8 },
      }}
    >
      <Box sx={{ maxWidth: 900 }}>
        <Typography
          aria-hidden
          sx={{
            fontSize: { xs: 72, md: 120 },
            lineHeight: 1,
            mb: { xs: 3, md: 4 },
            fontWeight: 300,
          }}
        >
          {face}
        </Typography>
        <Typography
          component="h1"
          sx={{ fontSize: { xs: 32, md: 44 }, fontWeight: 600, lineHeight: 1.2, mb: 2 }}
        >
          Erreur 404
        </Typography>
        <Typography sx={{ fontSize: { xs: 20, md: 26 }, lineHeight: 1.35, mb: 3 }}>
          {message}
        </Typography>
        <Typography sx={{ fontSize: { xs: 16, md: 20 }, mb: { xs: 4, md: 5 } }}>
          Recherche de la page : 0 % effectué
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
          <Box sx={{ bgcolor: '#fff', p: 1, lineHeight: 0, flexShrink: 0 }}>
            <QRCodeSVG
              value={window.location.origin}
              size={112}
              role="img"
              aria-label="QR code du site"
              title="QR code du site"
            />
          </Box>
          <Box sx={{ flex: '1 1 240px', display: 'grid', gap: 1, justifyItems: 'start' }}>
            <Typography>Pour retrouver le site depuis un téléphone, scannez ce code.</Typography>
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              Code d&apos;arrêt : {stopCode}
            </Typography>
            <Button
              component={RouterLink}
              to={paths.home()}
              variant="outlined"
              sx={{
                mt: 1,
                color: '#fff',
                borderColor: '#fff',
                '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.12)' },
              }}
            >
              Retour a l&apos;accueil
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
};

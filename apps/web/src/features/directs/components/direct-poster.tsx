import Box from '@mui/material/Box';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import type { Direct } from '@plateau/contract';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { mediaPaths } from '../../../resources/media.ts';

const Placeholder = () => (
  <LiveTvOutlinedIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
);

/** The sharp poster (16:9, placeholder when the direct has none), as on the cards. */
export const DirectPoster = ({ direct, eager }: { direct: Direct; eager?: boolean }) =>
  direct.hasPoster ? (
    <ProtectedImage
      path={mediaPaths.poster(direct.id)}
      alt={`Affiche de ${direct.title}`}
      eager={eager}
      placeholder={<Placeholder />}
      sx={{ borderRadius: 2, boxShadow: 6 }}
    />
  ) : (
    <Box
      sx={{
        aspectRatio: '16 / 9',
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
      }}
    >
      <Placeholder />
    </Box>
  );

import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { Video } from '@plateau/contract';
import { trendingSlots } from '@plateau/contract/constants';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { mediaPaths } from '../../../resources/media.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { usePlaceInTrending } from '../api/editor-mutations.ts';

export interface FeaturedPickerProps {
  videoId: number;
  /** The trending videos (`GET videos/trending`), each saying its slot; empty slots are absent. */
  slots: readonly Video[] | undefined;
}

interface SlotProps {
  slot: number;
  video: Video | undefined;
  current: boolean;
  disabled: boolean;
  onPick: () => void;
}

/** Read by screen readers, not shown: the button's name is its visible text plus these words. */
const screenReaderOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One slot, named "Emplacement n : title" from what it shows; pressed when it holds this video. */
const Slot = ({ slot, video, current, disabled, onPick }: SlotProps) => (
  <ButtonBase
    onClick={onPick}
    disabled={disabled}
    aria-pressed={current}
    sx={{
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'stretch',
      justifyContent: 'flex-start',
      textAlign: 'left',
      borderRadius: 2,
      overflow: 'hidden',
      border: 2,
      borderColor: current ? 'primary.main' : 'divider',
      bgcolor: 'background.paper',
      '&:hover, &.Mui-focusVisible': { borderColor: 'primary.light' },
    }}
  >
    <Box sx={{ position: 'relative' }}>
      {video ? (
        <ProtectedImage path={mediaPaths.thumbnail(video.id)} alt="" eager />
      ) : (
        <Box
          sx={{
            aspectRatio: '16 / 9',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
          }}
        >
          <StarBorderIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
        </Box>
      )}
      <Box
        sx={{
          position: 'absolute',
          top: 8,
          left: 8,
          minWidth: 28,
          height: 28,
          borderRadius: 14,
          display: 'grid',
          placeItems: 'center',
          bgcolor: current ? 'primary.main' : 'rgba(0, 0, 0, 0.7)',
          color: current ? 'primary.contrastText' : '#fff',
          fontWeight: 700,
        }}
      >
        <Box component="span" sx={screenReaderOnly}>
          Emplacement
        </Box>{' '}
        {slot}
        <Box component="span" sx={screenReaderOnly}>
          :
        </Box>
      </Box>
    </Box>
    <Typography variant="body2" noWrap sx={{ px: 1, py: 0.75, fontWeight: current ? 700 : 400 }}>
      {video ? video.title : 'Libre'}
    </Typography>
  </ButtonBase>
);

/** 'Mettre à la une' (spec section 2): the geek puts this video in one of the five slots. */
export const FeaturedPicker = ({ videoId, slots }: FeaturedPickerProps) => {
  const notify = useNotify();
  const place = usePlaceInTrending(videoId);
  const pick = (slot: number) =>
    place.mutate(slot, {
      onSuccess: () => notify('Vidéo mise à la une avec succès', 'success'),
      onError: () => notify('Erreur pendant la modification...', 'error'),
    });

  return (
    <Box component="section" aria-labelledby="featured-picker-title">
      <Typography id="featured-picker-title" variant="h6" component="h2">
        Mettre à la une
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        Choisissez l'emplacement de cette vidéo : le grand (1) ou l'un des quatre petits.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          maxWidth: 900,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))',
          },
          '& > :first-of-type': {
            gridColumn: { xs: '1 / -1', sm: 'auto' },
            gridRow: { sm: 'span 2' },
          },
        }}
      >
        {trendingSlots.map((slot) => {
          const video = slots?.find((candidate) => candidate.trendingSlot === slot);
          return (
            <Slot
              key={slot}
              slot={slot}
              video={video}
              current={video?.id === videoId}
              disabled={!slots || place.isPending}
              onPick={() => pick(slot)}
            />
          );
        })}
      </Box>
    </Box>
  );
};

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import type { Video } from '@plateau/contract';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { mediaPaths } from '../../../resources/media.ts';
import { useVideoSearch } from '../../../resources/videos.ts';

/** Spec section 9: a trending slot's search shows 4 videos. */
const SLOT_SUGGESTIONS = 4;
const useVideoSuggestions = (term: string) => useVideoSearch(term, SLOT_SUGGESTIONS);
import { SearchPicker } from './search-picker.tsx';

interface TrendingSlotProps {
  /** 1 to 5; the first is the large card of the home page. */
  slot: number;
  video: Video | null;
  onChange: (video: Video | null) => void;
  disabled: boolean;
}

/** One 'A la une' slot: its video (or empty), a search of 4 videos, and a clear button. */
export const TrendingSlot = ({ slot, video, onChange, disabled }: TrendingSlotProps) => {
  const headingId = `trending-slot-${slot}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 1.5, display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }}
    >
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Emplacement {slot} {slot === 1 ? '(grand)' : '(petit)'}
      </Typography>
      {video ? (
        <ProtectedImage
          key={video.id}
          path={mediaPaths.thumbnail(video.id)}
          alt={`Miniature de ${video.title}`}
          sx={{ borderRadius: 1 }}
        />
      ) : (
        <Box
          sx={{
            aspectRatio: '16 / 9',
            borderRadius: 1,
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Typography color="textSecondary">Emplacement vide</Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 0 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {video?.title ?? 'Aucune vidéo'}
          </Typography>
          {video && (
            <Typography variant="body2" color="textSecondary">
              {formatDate(video.date)}
            </Typography>
          )}
        </Box>
        <Button
          size="small"
          startIcon={<ClearIcon />}
          onClick={() => onChange(null)}
          disabled={disabled || !video}
          aria-label={`Vider l'emplacement ${slot}`}
        >
          Vider
        </Button>
      </Box>
      <SearchPicker
        label="Rechercher une vidéo"
        useSuggestions={useVideoSuggestions}
        onPick={onChange}
        disabled={disabled}
      />
    </Paper>
  );
};

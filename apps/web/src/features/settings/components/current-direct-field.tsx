import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import SensorsIcon from '@mui/icons-material/Sensors';
import type { Direct } from '@plateau/contract';
import { formatDate } from '../../../lib/dates.ts';
import { useDirectSearch } from '../../../resources/directs.ts';

/** Spec section 9: the live search shows 3 directs. */
const DIRECT_SUGGESTIONS = 3;
const useDirectSuggestions = (term: string) => useDirectSearch(term, DIRECT_SUGGESTIONS);
import { SearchPicker } from './search-picker.tsx';

interface CurrentDirectFieldProps {
  direct: Direct | null;
  onChange: (direct: Direct | null) => void;
  disabled: boolean;
}

/** 'DT en cours': the chosen direct with its clear button, and a search to choose another. */
export const CurrentDirectField = ({ direct, onChange, disabled }: CurrentDirectFieldProps) => (
  <Box sx={{ display: 'grid', gap: 2 }}>
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}
    >
      <SensorsIcon color={direct ? 'error' : 'disabled'} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {direct ? (
          <>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {direct.title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {formatDate(direct.date)} · n° {direct.id}
            </Typography>
          </>
        ) : (
          <Typography color="textSecondary">Aucun DT en cours</Typography>
        )}
      </Box>
      {direct && (
        <Button
          size="small"
          startIcon={<ClearIcon />}
          onClick={() => onChange(null)}
          disabled={disabled}
          aria-label="Retirer le DT en cours"
        >
          Retirer
        </Button>
      )}
    </Paper>
    <SearchPicker
      label="Rechercher un DT"
      useSuggestions={useDirectSuggestions}
      onPick={onChange}
      disabled={disabled}
    />
  </Box>
);

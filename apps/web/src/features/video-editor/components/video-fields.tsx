import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { privacyLabels, GPA_RESTRICTED_LABEL } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import type { VideoFormValues } from '../video-form.ts';
import { PROMOTION_DIGITS, promotionDigits } from '../../../lib/promotion.ts';
import {
  accessChoices,
  canChangeAccess,
  PUBLIC_ACCESS_LOCKED,
  showsGdaOnly,
} from '../video-rules.ts';
import { DirectPicker } from './direct-picker.tsx';

/** The categories' multi-select, given by the page (the tags feature draws its chips). */
export interface CategoryPickerProps {
  selected: readonly number[];
  onChange: (selected: number[]) => void;
}

export interface VideoFieldsProps {
  values: VideoFormValues;
  onChange: (patch: Partial<VideoFormValues>) => void;
  /** The access stored on the server when editing; undefined on the add form. */
  storedPrivacy?: number;
  CategoryPicker: ComponentType<CategoryPickerProps>;
  disabled?: boolean;
}

/** The fields the add and edit pages share, with the rules of spec section 5. */
export const VideoFields = ({
  values,
  onChange,
  storedPrivacy,
  CategoryPicker,
  disabled,
}: VideoFieldsProps) => {
  const { role, gdaAccess } = useSession();
  const accessLocked = !canChangeAccess(role, storedPrivacy);
  const gpaRestrictedShown = showsGdaOnly(gdaAccess, values.privacy);
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label="Titre"
        required
        value={values.title}
        onChange={(event) => onChange({ title: event.target.value })}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        label="Description"
        multiline
        minRows={8}
        maxRows={12}
        value={values.description}
        onChange={(event) => onChange({ description: event.target.value })}
        disabled={disabled}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        label="Date"
        type="date"
        value={values.date}
        onChange={(event) => onChange({ date: event.target.value })}
        disabled={disabled}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Promo"
        value={values.promotion}
        onChange={(event) => onChange({ promotion: promotionDigits(event.target.value) })}
        disabled={disabled}
        helperText="Facultatif : chiffres uniquement"
        slotProps={{
          htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: PROMOTION_DIGITS },
          input: { startAdornment: <InputAdornment position="start">P</InputAdornment> },
        }}
      />
      <TextField
        select
        label="Accès"
        value={values.privacy}
        onChange={(event) => onChange({ privacy: Number(event.target.value) })}
        disabled={disabled || accessLocked}
        helperText={accessLocked ? PUBLIC_ACCESS_LOCKED : undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {accessChoices(role, storedPrivacy).map((privacy) => (
          <option key={privacy} value={privacy}>
            {privacyLabels[privacy]}
          </option>
        ))}
      </TextField>
      {/* Beside the access on a wide screen (the row keeps its height); under it on a phone. */}
      <Box
        sx={{
          display: { xs: gpaRestrictedShown ? 'flex' : 'none', sm: 'flex' },
          alignItems: 'flex-start',
          minHeight: { sm: 56 },
        }}
      >
        {gpaRestrictedShown && (
          <FormControlLabel
            label={GPA_RESTRICTED_LABEL}
            disabled={disabled}
            control={
              <Checkbox
                checked={values.gpaRestricted}
                onChange={(event) => onChange({ gpaRestricted: event.target.checked })}
              />
            }
            sx={{ minHeight: 56 }}
          />
        )}
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <DirectPicker
          value={values.direct}
          onChange={(direct) => onChange({ direct })}
          disabled={disabled}
        />
      </Box>
      <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
          Catégories
        </Typography>
        <CategoryPicker selected={values.tagIds} onChange={(tagIds) => onChange({ tagIds })} />
      </Box>
    </Box>
  );
};

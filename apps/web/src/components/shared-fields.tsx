import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { fieldLimits } from '@plateau/contract/constants';
import { GPA_RESTRICTED_LABEL, privacyLabels } from '../lib/privacy.ts';
import { PROMOTION_DIGITS, promotionDigits } from '../lib/promotion.ts';

/**
 * The fields the video, direct and playlist forms have in common: one label, one rule and the
 * contract's limit each, so the forms cannot drift apart nor from what the server accepts.
 */
interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

export const TitleField = ({ value, onChange, disabled, sx }: FieldProps<string>) => (
  <TextField
    label="Titre"
    name="title"
    required
    value={value}
    onChange={(event) => onChange(event.target.value)}
    disabled={disabled}
    slotProps={{ htmlInput: { maxLength: fieldLimits.title } }}
    fullWidth
    sx={sx}
  />
);

/** Spec section 5: 8 to 12 rows. */
export const DescriptionField = ({ value, onChange, disabled, sx }: FieldProps<string>) => (
  <TextField
    label="Description"
    name="description"
    multiline
    minRows={8}
    maxRows={12}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    disabled={disabled}
    slotProps={{ htmlInput: { maxLength: fieldLimits.description } }}
    fullWidth
    sx={sx}
  />
);

/** Spec section 5: the date defaults to today (the form's initial value). */
export const DateField = ({ value, onChange, disabled, sx }: FieldProps<string>) => (
  <TextField
    label="Date"
    type="date"
    value={value}
    onChange={(event) => onChange(event.target.value)}
    disabled={disabled}
    fullWidth
    slotProps={{ inputLabel: { shrink: true } }}
    sx={sx}
  />
);

/** Spec section 5: an optional integer shown as P{n}; empty means none (sent as -1). */
export const PromotionField = ({ value, onChange, disabled, sx }: FieldProps<string>) => (
  <TextField
    label="Promo"
    value={value}
    onChange={(event) => onChange(promotionDigits(event.target.value))}
    disabled={disabled}
    helperText="Facultatif : chiffres uniquement"
    fullWidth
    slotProps={{
      htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: PROMOTION_DIGITS },
      input: { startAdornment: <InputAdornment position="start">P</InputAdornment> },
    }}
    sx={sx}
  />
);

interface AccessFieldProps extends FieldProps<number> {
  /** The access levels this person may choose (spec section 5). */
  choices: readonly number[];
  /** Why the choice is locked, when it is. */
  lockedBecause?: string;
}

export const AccessField = ({
  value,
  onChange,
  choices,
  lockedBecause,
  disabled,
  sx,
}: AccessFieldProps) => (
  <TextField
    select
    label="Accès"
    value={value}
    onChange={(event) => onChange(Number(event.target.value))}
    disabled={disabled || lockedBecause !== undefined}
    helperText={lockedBecause}
    fullWidth
    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    sx={sx}
  >
    {choices.map((privacy) => (
      <option key={privacy} value={privacy}>
        {privacyLabels[privacy]}
      </option>
    ))}
  </TextField>
);

/** Spec section 5: shown only with GDA access and access level 2 (`showsGpaRestricted`). */
export const GpaRestrictedField = ({ value, onChange, disabled }: FieldProps<boolean>) => (
  <FormControlLabel
    label={GPA_RESTRICTED_LABEL}
    disabled={disabled}
    control={<Checkbox checked={value} onChange={(event) => onChange(event.target.checked)} />}
    sx={{ minHeight: 56 }}
  />
);

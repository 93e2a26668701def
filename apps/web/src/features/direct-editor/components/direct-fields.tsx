import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Privacy } from '@plateau/contract/constants';
import { privacyLabels, GPA_RESTRICTED_LABEL } from '../../../lib/privacy.ts';
import { promotionDigits } from '../../../lib/promotion.ts';
import { isLiveUrlValid, showsGdaChoice, type DirectFormValues } from '../direct-form-values.ts';

/** A geek may give a direct any of the four access levels. */
const ACCESS_CHOICES = [Privacy.Public, Privacy.School, Privacy.Plateau, Privacy.Archived];

interface DirectFieldsProps {
  values: DirectFormValues;
  onChange: (change: Partial<DirectFormValues>) => void;
  gdaAccess: boolean;
  disabled: boolean;
}

/** The direct's text fields, date, promotion and access (the poster has its own column). */
export const DirectFields = ({ values, onChange, gdaAccess, disabled }: DirectFieldsProps) => {
  const liveUrlValid = isLiveUrlValid(values.liveUrl);
  return (
    <Stack spacing={2.5}>
      <TextField
        label="Titre"
        required
        value={values.title}
        onChange={(event) => onChange({ title: event.target.value })}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label="Description"
        multiline
        minRows={8}
        maxRows={12}
        value={values.description}
        onChange={(event) => onChange({ description: event.target.value })}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 10000 } }}
      />
      <TextField
        label="Lien du live"
        type="url"
        placeholder="https://"
        value={values.liveUrl}
        onChange={(event) => onChange({ liveUrl: event.target.value })}
        error={!liveUrlValid}
        helperText={liveUrlValid ? ' ' : 'Une adresse http(s) est attendue'}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <TextField
          label="Date"
          type="date"
          value={values.date}
          onChange={(event) => onChange({ date: event.target.value })}
          disabled={disabled}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Promo"
          value={values.promotion}
          onChange={(event) => onChange({ promotion: promotionDigits(event.target.value) })}
          helperText="Vide : aucune promo"
          disabled={disabled}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <TextField
        select
        label="Accès"
        value={values.privacy}
        onChange={(event) => onChange({ privacy: Number(event.target.value) as Privacy })}
        disabled={disabled}
      >
        {ACCESS_CHOICES.map((privacy) => (
          <MenuItem key={privacy} value={privacy}>
            {privacyLabels[privacy]}
          </MenuItem>
        ))}
      </TextField>
      {showsGdaChoice(gdaAccess, values.privacy) && (
        <FormControlLabel
          control={
            <Checkbox
              checked={values.gpaRestricted}
              onChange={(event) => onChange({ gpaRestricted: event.target.checked })}
              disabled={disabled}
            />
          }
          label={GPA_RESTRICTED_LABEL}
        />
      )}
    </Stack>
  );
};

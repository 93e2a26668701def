import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldLimits, Privacy } from '@plateau/contract/constants';
import {
  AccessField,
  DateField,
  DescriptionField,
  GpaRestrictedField,
  PromotionField,
  TitleField,
} from '../../../components/shared-fields.tsx';
import { showsGpaRestricted } from '../../../lib/privacy.ts';
import { isLiveUrlValid, type DirectFormValues } from '../direct-form-values.ts';

/** A geek may give a direct any of the four access levels. */
const ACCESS_CHOICES = [Privacy.Public, Privacy.School, Privacy.Plateau, Privacy.Archived];

interface DirectFieldsProps {
  values: DirectFormValues;
  onChange: (change: Partial<DirectFormValues>) => void;
  gdaAccess: boolean;
  disabled: boolean;
  /**
   * Broadcasting on Plateau: the live link is the direct's own page (its address once known,
   * '' for a direct not yet created), shown read-only; null otherwise.
   */
  broadcastUrl: string | null;
}

/** The direct's text fields, date, promotion and access (the poster has its own column). */
export const DirectFields = ({
  values,
  onChange,
  gdaAccess,
  disabled,
  broadcastUrl,
}: DirectFieldsProps) => {
  const liveUrlValid = broadcastUrl !== null || isLiveUrlValid(values.liveUrl);
  return (
    <Stack spacing={2.5}>
      <TitleField
        value={values.title}
        onChange={(title) => onChange({ title })}
        disabled={disabled}
      />
      <DescriptionField
        value={values.description}
        onChange={(description) => onChange({ description })}
        disabled={disabled}
      />
      {broadcastUrl === null ? (
        <TextField
          label="Lien du live"
          type="url"
          placeholder="https://"
          value={values.liveUrl}
          onChange={(event) => onChange({ liveUrl: event.target.value })}
          error={!liveUrlValid}
          helperText={liveUrlValid ? ' ' : 'Une adresse http(s) est attendue'}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: fieldLimits.liveUrl } }}
        />
      ) : (
        <TextField
          label="Lien du live"
          value={broadcastUrl}
          placeholder="La page du DT sur Plateau"
          helperText="Diffusé sur Plateau : le lien est la page du DT."
          disabled={disabled}
          slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <DateField
          value={values.date}
          onChange={(date) => onChange({ date })}
          disabled={disabled}
        />
        <PromotionField
          value={values.promotion}
          onChange={(promotion) => onChange({ promotion })}
          disabled={disabled}
        />
      </Stack>
      <AccessField
        value={values.privacy}
        onChange={(privacy) => onChange({ privacy: privacy as Privacy })}
        choices={ACCESS_CHOICES}
        disabled={disabled}
      />
      {showsGpaRestricted(gdaAccess, values.privacy) && (
        <GpaRestrictedField
          value={values.gpaRestricted}
          onChange={(gpaRestricted) => onChange({ gpaRestricted })}
          disabled={disabled}
        />
      )}
    </Stack>
  );
};

import {
  CategoriesFieldset,
  GpaRestrictedSlot,
  type CategoryPickerProps,
} from '../../../components/video-shared-fields.tsx';
import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import {
  AccessField,
  DateField,
  DescriptionField,
  PromotionField,
  TitleField,
} from '../../../components/shared-fields.tsx';
import { showsGpaRestricted } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import { accessChoices, canChangeAccess, PUBLIC_ACCESS_LOCKED } from '../../../lib/video-access.ts';
import type { VideoFormValues } from '../video-form.ts';
import { DirectPicker } from '../../../components/direct-picker.tsx';

export type { CategoryPickerProps };

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
  const gpaRestrictedShown = showsGpaRestricted(gdaAccess, values.privacy);
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TitleField
        value={values.title}
        onChange={(title) => onChange({ title })}
        disabled={disabled}
        sx={{ gridColumn: '1 / -1' }}
      />
      <DescriptionField
        value={values.description}
        onChange={(description) => onChange({ description })}
        disabled={disabled}
        sx={{ gridColumn: '1 / -1' }}
      />
      <DateField value={values.date} onChange={(date) => onChange({ date })} disabled={disabled} />
      <PromotionField
        value={values.promotion}
        onChange={(promotion) => onChange({ promotion })}
        disabled={disabled}
      />
      <AccessField
        value={values.privacy}
        onChange={(privacy) => onChange({ privacy })}
        choices={accessChoices(role, storedPrivacy)}
        lockedBecause={accessLocked ? PUBLIC_ACCESS_LOCKED : undefined}
        disabled={disabled}
      />
      <GpaRestrictedSlot
        shown={gpaRestrictedShown}
        value={values.gpaRestricted}
        onChange={(gpaRestricted) => onChange({ gpaRestricted })}
        disabled={disabled}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <DirectPicker
          value={values.direct}
          onChange={(direct) => onChange({ direct })}
          disabled={disabled}
        />
      </Box>
      <CategoriesFieldset
        selected={values.tagIds}
        onChange={(tagIds) => onChange({ tagIds })}
        CategoryPicker={CategoryPicker}
      />
    </Box>
  );
};

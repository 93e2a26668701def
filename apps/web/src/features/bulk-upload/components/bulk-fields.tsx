import {
  CategoriesFieldset,
  GpaRestrictedSlot,
  type CategoryPickerProps,
} from '../../../components/video-shared-fields.tsx';
import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DirectPicker } from '../../../components/direct-picker.tsx';
import { AccessField, DateField, PromotionField } from '../../../components/shared-fields.tsx';
import { showsGpaRestricted } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import { accessChoices } from '../../../lib/video-access.ts';
import type { BulkFormValues } from '../bulk-form.ts';

export type { CategoryPickerProps };

export interface BulkFieldsProps {
  values: BulkFormValues;
  onChange: (patch: Partial<BulkFormValues>) => void;
  CategoryPicker: ComponentType<CategoryPickerProps>;
  disabled?: boolean;
}

/**
 * What every file of the run shares: the add form's fields but the title (each file's name)
 * and the description, with the same rules (spec section 5).
 */
export const BulkFields = ({ values, onChange, CategoryPicker, disabled }: BulkFieldsProps) => {
  const { role, gdaAccess } = useSession();
  const gpaRestrictedShown = showsGpaRestricted(gdaAccess, values.privacy);
  return (
    <Box
      component="fieldset"
      disabled={disabled}
      aria-label="Réglages communs à toutes les vidéos"
      sx={{
        border: 0,
        p: 0,
        m: 0,
        minWidth: 0,
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <AccessField
        value={values.privacy}
        onChange={(privacy) => onChange({ privacy })}
        choices={accessChoices(role)}
        disabled={disabled}
      />
      <GpaRestrictedSlot
        shown={gpaRestrictedShown}
        value={values.gpaRestricted}
        onChange={(gpaRestricted) => onChange({ gpaRestricted })}
        disabled={disabled}
      />
      <Box>
        <DateField
          value={values.date}
          onChange={(date) => onChange({ date })}
          disabled={disabled}
        />
        <Typography
          variant="caption"
          color="textSecondary"
          component="p"
          sx={{ mt: 0.5, mx: 1.75 }}
        >
          Pour les fichiers qui ne disent pas quand ils ont été tournés
        </Typography>
      </Box>
      <PromotionField
        value={values.promotion}
        onChange={(promotion) => onChange({ promotion })}
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

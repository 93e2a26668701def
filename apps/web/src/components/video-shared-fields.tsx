import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GpaRestrictedField } from './shared-fields.tsx';

/** The categories' multi-select, given by the page (the tags feature draws its chips). */
export interface CategoryPickerProps {
  selected: readonly number[];
  onChange: (selected: number[]) => void;
}

/**
 * The GDA box's place in the two-column grid of the video forms: beside the access on a wide
 * screen (the row keeps its height, shown or not); under it on a phone, only when shown.
 */
export const GpaRestrictedSlot = ({
  shown,
  value,
  onChange,
  disabled,
}: {
  shown: boolean;
  value: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
}) => (
  <Box
    sx={{
      display: { xs: shown ? 'flex' : 'none', sm: 'flex' },
      alignItems: 'flex-start',
      minHeight: { sm: 56 },
    }}
  >
    {shown && <GpaRestrictedField value={value} onChange={onChange} disabled={disabled} />}
  </Box>
);

/** The categories of a video, across the whole grid, under their legend. */
export const CategoriesFieldset = ({
  selected,
  onChange,
  CategoryPicker,
}: CategoryPickerProps & { CategoryPicker: ComponentType<CategoryPickerProps> }) => (
  <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0, minWidth: 0 }}>
    <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
      Catégories
    </Typography>
    <CategoryPicker selected={selected} onChange={onChange} />
  </Box>
);

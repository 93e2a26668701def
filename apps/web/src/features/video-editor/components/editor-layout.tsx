import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface EditorLayoutProps {
  fields: ReactNode;
  media: ReactNode;
  /** Below the form, before Valider (the edit page's 'Mettre à la une'). */
  extra?: ReactNode;
  canSubmit: boolean;
  onSubmit: () => void;
}

/** Both forms: fields beside the media on a wide screen, under them on a phone; then Valider. */
export const EditorLayout = ({ fields, media, extra, canSubmit, onSubmit }: EditorLayoutProps) => (
  <Box
    component="form"
    noValidate
    onSubmit={(event) => {
      event.preventDefault();
      if (canSubmit) onSubmit();
    }}
    sx={{ display: 'grid', gap: 3 }}
  >
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      {fields}
      {media}
    </Box>
    {extra}
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
        Valider
      </Button>
    </Box>
  </Box>
);

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
  /** On a phone, the media above the fields (the edit page shows what is being edited first). */
  mediaFirst?: boolean;
}

/** Both forms: fields beside the media on a wide screen, under them on a phone; then Valider. */
export const EditorLayout = ({
  fields,
  media,
  extra,
  canSubmit,
  onSubmit,
  mediaFirst = false,
}: EditorLayoutProps) => (
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
      <Box sx={{ minWidth: 0, order: { xs: mediaFirst ? -1 : 0, md: 0 } }}>{media}</Box>
    </Box>
    {extra}
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
        Valider
      </Button>
    </Box>
  </Box>
);

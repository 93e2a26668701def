/** A managed list's row (categories, a video's captions): a bordered line of name and actions. */
export const listRowSx = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1,
  px: { xs: 1.5, sm: 2 },
  py: 1,
  minHeight: 56,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
} as const;

/**
 * Read by screen readers, not drawn: the words an arrow or a layout says to the eye. Sizes in
 * pixels as strings: in `sx`, a bare 1 would mean 100 %.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

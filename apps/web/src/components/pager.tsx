import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

/** ceil(results / page size) (spec section 9), at least 1 so an empty list is 'Page 1 / 1'. */
export const pageCountOf = (nResults: number, pageSize: number) =>
  Math.max(1, Math.ceil(nResults / pageSize));

interface PagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** The arrow pager: 'Page x / y' between a previous and a next arrow. */
export const Pager = ({ page, pageCount, onPageChange }: PagerProps) => (
  <Box
    component="nav"
    aria-label="Pagination"
    sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, py: 2 }}
  >
    <IconButton
      aria-label="Page précédente"
      disabled={page <= 1}
      onClick={() => onPageChange(page - 1)}
    >
      <ChevronLeftIcon />
    </IconButton>
    <Typography aria-live="polite" sx={{ minWidth: 96, textAlign: 'center' }}>
      Page {page} / {pageCount}
    </Typography>
    <IconButton
      aria-label="Page suivante"
      disabled={page >= pageCount}
      onClick={() => onPageChange(page + 1)}
    >
      <ChevronRightIcon />
    </IconButton>
  </Box>
);

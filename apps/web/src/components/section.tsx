import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

interface SectionProps {
  title: ReactNode;
  /** 'Voir tout'-style link on the right of the heading. */
  link?: { to: string; label: string };
  children: ReactNode;
}

/** A titled block of a page (the home page's 'A la une', 'Nos dernieres videos', ...). */
export const Section = ({ title, link, children }: SectionProps) => {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: { xs: 4, sm: 5 } }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography
          id={headingId}
          variant="h5"
          component="h2"
          sx={{ fontWeight: 700, minWidth: 0 }}
        >
          {title}
        </Typography>
        {link && (
          <Button component={RouterLink} to={link.to} endIcon={<ChevronRightIcon />} size="small">
            {link.label}
          </Button>
        )}
      </Box>
      {children}
    </Box>
  );
};

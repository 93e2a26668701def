import type { ReactNode } from 'react';
import Container from '@mui/material/Container';

/** The width and margins the about pages share, from phone to laptop. */
export const PageContainer = ({ children }: { children: ReactNode }) => (
  <Container
    maxWidth="lg"
    sx={{ py: { xs: 3, md: 5 }, display: 'flex', flexDirection: 'column', gap: { xs: 3, md: 4 } }}
  >
    {children}
  </Container>
);

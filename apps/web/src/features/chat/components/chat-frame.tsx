import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';

interface ChatFrameProps {
  title: string;
  titleId: string;
  /** The frame's height (the page sizes it against the player). */
  height: string;
  /** At the end of the title bar (the replay's close button). */
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** The live chat's and the replay's panel: a titled, bordered column whose list scrolls. */
export const ChatFrame = ({ title, titleId, height, action, testId, children }: ChatFrameProps) => (
  <Box
    component="section"
    aria-labelledby={titleId}
    data-testid={testId}
    sx={{
      height,
      display: 'flex',
      flexDirection: 'column',
      minHeight: 0,
      bgcolor: 'background.paper',
      border: 1,
      borderColor: 'divider',
      borderRadius: 2,
      overflow: 'hidden',
    }}
  >
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 1.5,
        pr: action ? 0.5 : 1.5,
        py: action ? 0.5 : 1,
        borderBottom: 1,
        borderColor: 'divider',
        flex: 'none',
      }}
    >
      <ForumOutlinedIcon fontSize="small" color="primary" aria-hidden />
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
        {title}
      </Typography>
      {action}
    </Box>
    {children}
  </Box>
);

import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TrimActivity } from '@plateau/contract';
import { formatDateTime } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { useTrimActivity } from '../api/trim-activity.ts';
import { cutMessages, cutWhen } from '../cut-messages.ts';

/**
 * « Montages »: the cuts on their way (followed every 2 s) and those failed this week, each
 * leading to its video's edit page. Nothing at all while there are none, nor while the first
 * answer comes: the pending list below is the page's subject.
 */
export const CutsSection = () => {
  const titleId = useId();
  const activity = useTrimActivity();
  const cuts = activity.data?.cuts ?? [];
  if (activity.isError && !activity.data) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void activity.refetch()}>
            Réessayer
          </Button>
        }
      >
        {cutMessages.loadFailed}
      </Alert>
    );
  }
  if (cuts.length === 0) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {cutMessages.title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {cutMessages.intro}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {cuts.map((cut) => (
          <CutRow key={cut.videoId} cut={cut} />
        ))}
      </Box>
    </Paper>
  );
};

const CutRow = ({ cut }: { cut: TrimActivity }) => {
  const titleId = useId();
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          columnGap: 2,
          rowGap: 0.25,
        }}
      >
        <Link
          id={titleId}
          component={RouterLink}
          to={paths.editVideo(cut.videoId)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {cut.title}
        </Link>
        <Typography
          component="time"
          variant="caption"
          color="textSecondary"
          dateTime={cut.updatedAt}
          title={formatDateTime(cut.updatedAt)}
        >
          {cutWhen(cut)}
        </Typography>
      </Box>
      <CutState cut={cut} />
    </Box>
  );
};

/** Where the cut stands: waiting, running with its bar, or why it failed. */
const CutState = ({ cut }: { cut: TrimActivity }) => {
  if (cut.state === 'failed') {
    return (
      <Typography variant="body2" color="error" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
        {cutMessages.failed(cut.error)}
      </Typography>
    );
  }
  if (cut.state === 'queued' || cut.state === 'awaiting') {
    return (
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.25 }}>
        {cutMessages[cut.state]}
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2" sx={{ mt: 0.25 }}>
        {cutMessages.running(cut.progress)}
      </Typography>
      <LinearProgress
        variant={cut.progress === null ? 'indeterminate' : 'determinate'}
        value={cut.progress ?? undefined}
        aria-label={`Avancement du montage de « ${cut.title} »`}
        sx={{ mt: 0.75, height: 8, borderRadius: 4 }}
      />
    </>
  );
};

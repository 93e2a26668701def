import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { keptDuration, type KeptSpan } from '@plateau/contract/constants';
import { useNotify } from '../../../../lib/notify.tsx';
import { useApplyTrim } from '../../api/trim-mutations.ts';
import { formatChapterTime } from '../../chapter-times.ts';
import { roundMs } from '../../trim-spans.ts';
import { TrimDialog } from './trim-dialog.tsx';
import { refusalText, UNDO_DAYS_TEXT } from './trim-messages.ts';

export const applyMessages = {
  resulting: (seconds: number) => `Durée après montage : ${formatChapterTime(seconds)}`,
  removed: (seconds: number) => `Retiré : ${formatChapterTime(seconds)}`,
  queued: 'Montage lancé : la nouvelle version sera publiée dès qu’elle sera prête.',
  planned: 'Montage prévu : l’encodage le fera avant de publier la vidéo.',
  failed: "Le montage n'a pas pu être lancé, réessayez.",
} as const;

interface TrimApplyProps {
  videoId: number;
  keep: KeptSpan[];
  duration: number;
  /** Why these ranges cannot be applied (French), or null. */
  problem: string | null;
  /** The ranges are still the whole video: nothing to say against them yet. */
  untouched: boolean;
  /** Not encoded yet: the cut is made by the encode, before anyone sees the video. */
  beforeEncode: boolean;
  disabled: boolean;
  onReset: () => void;
}

/**
 * What the cut will give, before anything is sent, and « Appliquer le montage » once the ranges
 * are valid, after a confirmation that says what viewers will see and how to go back.
 */
export const TrimApply = ({
  videoId,
  keep,
  duration,
  problem,
  untouched,
  beforeEncode,
  disabled,
  onReset,
}: TrimApplyProps) => {
  const notify = useNotify();
  const apply = useApplyTrim(videoId);
  const [asking, setAsking] = useState(false);
  const kept = roundMs(keptDuration(keep));
  const removed = roundMs(Math.max(0, duration - kept));

  const confirm = () =>
    apply.mutate(
      keep.map((span) => ({ start: roundMs(span.start), end: roundMs(span.end) })),
      {
        onSuccess: () =>
          notify(beforeEncode ? applyMessages.planned : applyMessages.queued, 'success'),
        onError: (error) => notify(refusalText(error, applyMessages.failed), 'error'),
        onSettled: () => setAsking(false),
      },
    );

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        aria-live="polite"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 3,
          rowGap: 0.5,
          alignItems: 'baseline',
        }}
      >
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {applyMessages.resulting(kept)}
        </Typography>
        <Typography color="textSecondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {applyMessages.removed(removed)}
        </Typography>
      </Box>
      {problem !== null && (
        <Alert severity={untouched ? 'info' : 'error'} role={untouched ? 'status' : 'alert'}>
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        <Button
          type="button"
          variant="outlined"
          startIcon={<RestartAltIcon />}
          disabled={disabled || untouched}
          onClick={onReset}
        >
          Réinitialiser
        </Button>
        <Button
          type="button"
          variant="contained"
          startIcon={<ContentCutIcon />}
          disabled={disabled || problem !== null}
          onClick={() => setAsking(true)}
        >
          Appliquer le montage
        </Button>
      </Box>
      <TrimDialog
        open={asking}
        title="Appliquer le montage ?"
        confirmLabel="Appliquer le montage"
        cancelLabel="Continuer à monter"
        busy={apply.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <Typography>
          La vidéo gardera {keep.length === 1 ? '1 partie' : `${keep.length} parties`} et durera{' '}
          {formatChapterTime(kept)} ({formatChapterTime(removed)} retirées).
        </Typography>
        <Typography>
          {beforeEncode
            ? 'La vidéo n’est pas encore encodée : son encodage fera le montage avant de la publier, personne ne la verra entière.'
            : 'Les spectateurs continuent de voir la version actuelle jusqu’à ce que la nouvelle soit prête ; ses sous-titres et ses chapitres suivent le montage.'}
        </Typography>
        <Typography>Vous pourrez annuler le montage {UNDO_DAYS_TEXT}.</Typography>
      </TrimDialog>
    </Box>
  );
};

import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LEAVE_DURING_UPLOAD, LeaveDialog } from '../../../components/leave-dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { emptyBulkForm, type BulkFormValues } from '../bulk-form.ts';
import { isOver } from '../queue/bulk-queue.ts';
import { BulkFields, type CategoryPickerProps } from './bulk-fields.tsx';
import { FilesDrop } from './files-drop.tsx';
import { QueueRow } from './queue-row.tsx';
import { QueueToolbar } from './queue-toolbar.tsx';
import { useBulkQueue } from './use-bulk-queue.ts';

const LEAVE_MESSAGE = `${LEAVE_DURING_UPLOAD} Chaque vidéo commencée pourra reprendre depuis sa page de modification.`;

/** The end of a run: where the new videos wait for 'Encoder et publier'. */
const Finished = ({ done, failed }: { done: number; failed: number }) => (
  <Alert
    severity="success"
    sx={{ alignItems: 'center', '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
  >
    <Box component="p" sx={{ m: 0 }}>
      {done === 1
        ? 'La vidéo est envoyée : elle attend dans les vidéos en attente, où « Encoder et publier » la publie.'
        : `Les ${done} vidéos sont envoyées : elles attendent dans les vidéos en attente, où « Encoder et publier » les publie.`}
    </Box>
    {failed > 0 && (
      <Box component="p" sx={{ m: 0, mt: 0.5 }}>
        {failed === 1
          ? 'Un fichier n’a pas pu être envoyé : réessayez-le, ou annulez-le pour supprimer sa vidéo.'
          : `${failed} fichiers n’ont pas pu être envoyés : réessayez-les, ou annulez-les pour supprimer leurs vidéos.`}
      </Box>
    )}
    <Button
      component={RouterLink}
      to={paths.pending()}
      variant="outlined"
      size="small"
      sx={{ mt: 1 }}
    >
      Voir les vidéos en attente
    </Button>
  </Alert>
);

/**
 * /addVideos: many MP4 files at once, for members on a school Wi-Fi. One shared form; each file
 * becomes a pending video titled after its name, sent one at a time (or two) as a resumable
 * upload, in a queue the member orders, pauses and cancels.
 */
export const BulkUploadScreen = ({
  CategoryPicker,
}: {
  CategoryPicker: ComponentType<CategoryPickerProps>;
}) => {
  const [values, setValues] = useState<BulkFormValues>(emptyBulkForm);
  const { state, queue, blocker, start } = useBulkQueue(values);
  const { items, running } = state;
  const done = items.filter((item) => item.status === 'done').length;
  const failed = items.filter((item) => item.status === 'error').length;
  const finished = !running && done > 0 && items.every((item) => isOver(item.status));

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography color="textSecondary" sx={{ maxWidth: '70ch' }}>
        Chaque fichier devient une vidéo en attente, titrée d’après son nom et datée du jour où il a
        été tourné quand il le dit. Les réglages ci-dessous valent pour toutes les vidéos.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <BulkFields
          values={values}
          onChange={(patch) => setValues((before) => ({ ...before, ...patch }))}
          CategoryPicker={CategoryPicker}
          disabled={running}
        />
        <FilesDrop onFiles={(files) => queue.add(files)} />
      </Box>
      {items.length > 0 && (
        <Box component="section" aria-label="File d’envoi" sx={{ display: 'grid', gap: 1.5 }}>
          <QueueToolbar
            state={state}
            onStart={start}
            onPauseAll={() => queue.pauseAll()}
            onResumeAll={() => queue.resumeAll()}
            onConcurrency={(concurrency) => queue.setConcurrency(concurrency)}
          />
          {finished && <Finished done={done} failed={failed} />}
          <Box component="ol" sx={{ display: 'grid', gap: 1, p: 0, m: 0 }}>
            {items.map((item, index) => (
              <QueueRow
                key={item.id}
                item={item}
                first={index === 0}
                last={index === items.length - 1}
                onMove={(by) => queue.move(item.id, by)}
                onPause={() => queue.pause(item.id)}
                onResume={() => queue.resume(item.id)}
                onRetry={() => queue.retry(item.id)}
                onCancel={() => void queue.cancel(item.id)}
              />
            ))}
          </Box>
        </Box>
      )}
      <LeaveDialog blocker={blocker} message={LEAVE_MESSAGE} />
    </Box>
  );
};

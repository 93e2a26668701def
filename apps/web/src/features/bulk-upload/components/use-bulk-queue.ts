import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { startResumableUpload } from '../../../lib/resumable-upload/resumable-upload.ts';
import { useSession } from '../../../lib/session.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { videoKeys } from '../../../resources/videos.ts';
import { createPendingVideo, deletePendingVideo, recordedDayOf } from '../api/bulk-mutations.ts';
import { bulkVideoBody, titleFromFileName, type BulkFormValues } from '../bulk-form.ts';
import { BulkQueue, isOver } from '../queue/bulk-queue.ts';

/**
 * The page's queue: one per visit, its state as React reads it, the form's values as they were
 * when the run started (every file of a run gets the same), and the guard that asks before
 * leaving while files are still to send. Leaving stops the uploads where they are.
 */
export const useBulkQueue = (values: BulkFormValues) => {
  const { gdaAccess } = useSession();
  const client = useQueryClient();
  const form = useRef(values);
  const [queue] = useState(
    () =>
      new BulkQueue({
        createVideo: async (item) => {
          const id = await createPendingVideo(
            bulkVideoBody(
              form.current,
              { title: item.title, recordedOn: item.recordedOn ?? null },
              gdaAccess,
            ),
          );
          // /pending and the lists now have one more video.
          void client.invalidateQueries({ queryKey: videoKeys.all });
          return id;
        },
        deleteVideo: async (id) => {
          await deletePendingVideo(id);
          void client.invalidateQueries({ queryKey: videoKeys.all });
        },
        startUpload: startResumableUpload,
        readRecordedOn: recordedDayOf,
        titleOf: (file) => titleFromFileName(file.name),
      }),
  );
  const state = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const blocker = useLeaveGuard(() => {
    const now = queue.getSnapshot();
    return now.running && now.items.some((item) => !isOver(item.status));
  });

  useEffect(() => () => queue.stopAll(), [queue]);

  return {
    state,
    queue,
    blocker,
    /** Starts the run with the form as it is now. */
    start: () => {
      form.current = values;
      queue.start();
    },
  };
};

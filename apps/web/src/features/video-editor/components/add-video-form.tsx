import { useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Video } from '@plateau/contract';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { createVideo, forgetVideos } from '../api/editor-mutations.ts';
import { emptyVideoForm, isComplete, newVideoBody, type VideoFormValues } from '../video-form.ts';
import { EditorLayout } from './editor-layout.tsx';
import { MediaDrops } from './media-drops.tsx';
import { UploadOverlay } from './upload-overlay.tsx';
import { uploadFailureText, useUploadSession } from './use-upload-session.ts';
import { VideoFields, type CategoryPickerProps } from './video-fields.tsx';

/**
 * /addVideo: creates the video, then sends its file and thumbnail, then goes to /pending. An
 * upload that fails leaves a video that exists: the member retries from its edit page, which
 * offers to resume the file where it stopped.
 */
export const AddVideoForm = ({
  CategoryPicker,
}: {
  CategoryPicker: ComponentType<CategoryPickerProps>;
}) => {
  const { gdaAccess } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useUploadSession();
  const [values, setValues] = useState<VideoFormValues>(emptyVideoForm);
  const [video, setVideo] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const busy = session.overlay.open;

  const submit = async () => {
    session.begin();
    let created: Video;
    try {
      created = await createVideo(newVideoBody(values, gdaAccess));
    } catch {
      notify('Erreur pendant la création de la video', 'error');
      return session.end();
    }
    notify('Video creee avec succes', 'success');
    void forgetVideos(client);
    let sending: 'video' | 'thumbnail' = 'video';
    try {
      if (video) {
        await session.upload('video', created.id, video);
        notify('Vidéo uploadée avec succès', 'success');
      }
      sending = 'thumbnail';
      if (thumbnail) {
        await session.upload('thumbnail', created.id, thumbnail);
        notify('Miniature uploadée avec succès', 'success');
      }
    } catch (error) {
      if (session.left()) return;
      notify(uploadFailureText(sending, "Erreur pendant l'upload", error), 'error');
      session.end();
      return navigate(paths.editVideo(created.id));
    }
    session.end();
    return navigate(paths.pending());
  };

  return (
    <>
      <EditorLayout
        canSubmit={isComplete(values) && !busy}
        onSubmit={() => void submit()}
        fields={
          <VideoFields
            values={values}
            onChange={(patch) => setValues((before) => ({ ...before, ...patch }))}
            CategoryPicker={CategoryPicker}
            disabled={busy}
          />
        }
        media={
          <MediaDrops
            video={video}
            thumbnail={thumbnail}
            onVideo={setVideo}
            onThumbnail={setThumbnail}
            videoLabel="Vidéo"
            disabled={busy}
          />
        }
      />
      <UploadOverlay state={session.overlay} />
      <LeaveDialog blocker={session.blocker} />
    </>
  );
};

import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Video } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { mediaKeys, mediaPaths } from '../../../resources/media.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { forgetVideos, updateVideo } from '../api/editor-mutations.ts';
import { isComplete, updateVideoBody, videoFormOf, type VideoFormValues } from '../video-form.ts';
import { trimRung } from '../video-rules.ts';
import { CaptionsSection } from './captions-section.tsx';
import { ChaptersSection } from './chapters-section.tsx';
import { TrimSection } from './trim/trim-section.tsx';
import { EditorLayout } from './editor-layout.tsx';
import { MediaDrops } from './media-drops.tsx';
import { UploadOverlay } from './upload-overlay.tsx';
import { ResumeOffer } from './resume-offer.tsx';
import { uploadFailureText, useUploadSession } from './use-upload-session.ts';
import { VideoFields, type CategoryPickerProps } from './video-fields.tsx';
import { VideoPreview } from './video-preview.tsx';

export interface EditVideoFormProps {
  video: Video;
  CategoryPicker: ComponentType<CategoryPickerProps>;
  /** The geek's 'Mettre à la une' picker, when it applies. */
  featured?: ReactNode;
  /** « Statistiques » of a published video (issue 35). */
  statistics?: ReactNode;
}

/**
 * /editVideo/{id}: saves the fields, then sends a replacement video and a new thumbnail if
 * chosen; then the watch page of a published video, else /pending. A failed upload stays here
 * so that Valider tries again; one left unfinished earlier is offered for resuming.
 */
export const EditVideoForm = ({
  video,
  CategoryPicker,
  featured,
  statistics,
}: EditVideoFormProps) => {
  const { gdaAccess, token } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useUploadSession();
  const [values, setValues] = useState<VideoFormValues>(() => videoFormOf(video));
  // The preview's element: « Ajouter un chapitre » adds one where the member paused it.
  const preview = useRef<HTMLVideoElement>(null);
  const [replacementFile, setReplacement] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const busy = session.overlay.open;

  /** Sends one file; false (with the spec's message) when it failed, or when the person left. */
  const send = async (
    kind: 'video' | 'thumbnail',
    file: File,
    messages: { done: string; failed: string },
  ) => {
    try {
      await session.upload(kind, video.id, file);
    } catch (error) {
      const text = uploadFailureText(kind, messages.failed, error);
      if (!session.left()) notify(text, 'error');
      return false;
    }
    notify(messages.done, 'success');
    // Sent: should the next file fail, trying again sends only what is missing.
    (kind === 'video' ? setReplacement : setThumbnail)(null);
    return true;
  };

  /** `chosen`: the file the resume offer was given, sent at once (state is not set yet). */
  const submit = async (chosen?: File) => {
    const replacement = chosen ?? replacementFile;
    session.begin();
    let saved: Video;
    try {
      saved = await updateVideo(video.id, updateVideoBody(values, video, gdaAccess));
    } catch {
      notify('Erreur pendant la modification de la vidéo', 'error');
      return session.end();
    }
    notify('Vidéo modifiée avec succès', 'success');
    void forgetVideos(client);
    const sent =
      (!replacement ||
        (await send('video', replacement, {
          done: 'Vidéo uploadée avec succès',
          failed: 'Erreur pendant un upload...',
        }))) &&
      (!thumbnail ||
        (await send('thumbnail', thumbnail, {
          done: 'Miniature modifiee avec succes',
          failed: "Une erreur s'est produite...",
        })));
    if (session.left()) return;
    session.end();
    if (!sent) return;
    if (thumbnail) {
      void client.invalidateQueries({
        queryKey: mediaKeys.image(mediaPaths.thumbnail(video.id), token),
      });
    }
    // A replacement goes back to the queue (processing 1) until it is encoded again.
    const published = !replacement && saved.processing === Processing.Published;
    return navigate(published ? paths.video(video.id) : paths.pending());
  };

  return (
    <>
      <ResumeOffer
        videoId={video.id}
        disabled={busy}
        onResume={(file) => {
          setReplacement(file);
          void submit(file);
        }}
        onOtherFile={setReplacement}
      />
      <EditorLayout
        canSubmit={isComplete(values) && !busy}
        onSubmit={() => void submit()}
        extra={
          <>
            {(trimRung(video) !== null || video.processing === Processing.Uploaded) && (
              <TrimSection video={video} disabled={busy} />
            )}
            <CaptionsSection videoId={video.id} disabled={busy} />
            <ChaptersSection
              videoId={video.id}
              description={values.description}
              playhead={() => preview.current?.currentTime ?? 0}
              disabled={busy}
            />
            {statistics}
            {featured}
          </>
        }
        mediaFirst
        fields={
          <VideoFields
            values={values}
            onChange={(patch) => setValues((before) => ({ ...before, ...patch }))}
            storedPrivacy={video.privacy}
            CategoryPicker={CategoryPicker}
            disabled={busy}
          />
        }
        media={
          <MediaDrops
            video={replacementFile}
            thumbnail={thumbnail}
            onVideo={setReplacement}
            onThumbnail={setThumbnail}
            videoLabel="Remplacer la vidéo"
            disabled={busy}
            videoPreview={<VideoPreview video={video} mediaRef={preview} />}
            thumbnailPreview={
              <Box
                component="figure"
                sx={{ m: 0, width: 'min(100%, 280px)', justifySelf: 'center' }}
              >
                <ProtectedImage
                  path={mediaPaths.thumbnail(video.id)}
                  alt={`Miniature actuelle : ${video.title}`}
                  eager
                  sx={{ borderRadius: 2 }}
                />
                <Typography
                  component="figcaption"
                  variant="body2"
                  color="textSecondary"
                  sx={{ mt: 0.5, textAlign: 'center' }}
                >
                  Miniature actuelle
                </Typography>
              </Box>
            }
          />
        }
      />
      <UploadOverlay state={session.overlay} />
      <LeaveDialog blocker={session.blocker} />
    </>
  );
};

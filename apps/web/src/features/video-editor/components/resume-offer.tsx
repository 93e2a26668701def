import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isAccepted } from '../../../components/file-drop-zone.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { fingerprintOf } from '../../../lib/resumable-upload/protocol.ts';
import { storedUploads, type StoredUpload } from '../../../lib/resumable-upload/stored-uploads.ts';
import { abandonStoredUpload, bytesOnServer } from '../../../lib/resumable-upload/tus-calls.ts';

interface Offer {
  entry: StoredUpload;
  percent: number;
}

/** Non-breaking spaces inside French quotes and before %. */
const quoted = (text: string) => `«\u00a0${text}\u00a0»`;

/** The newest unfinished video upload of this person for this video, with how far it went. */
const useUnfinishedUpload = (videoId: number) => {
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    const entry = storedUploads()
      .filter((stored) => stored.videoId === videoId && stored.kind === 'video')
      .at(-1);
    if (!entry) return;
    let current = true;
    // The server says how far it really got; the stored count is the fallback when it cannot.
    void bytesOnServer(entry).then((bytes) => {
      if (!current || bytes === 'gone') return;
      const sent = bytes ?? entry.bytesSent;
      const percent = entry.size > 0 ? Math.floor((sent / entry.size) * 100) : 0;
      setOffer({ entry: { ...entry, bytesSent: sent }, percent: Math.min(99, percent) });
    });
    return () => {
      current = false;
    };
  }, [videoId]);
  return [offer, setOffer] as const;
};

export interface ResumeOfferProps {
  videoId: number;
  /** The same file again: the upload resumes at once. */
  onResume: (file: File) => void;
  /** Another file: it replaces the video from its first byte, when the form is sent. */
  onOtherFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * On /editVideo: an upload of this video that this person left unfinished (a cut, a reload, a
 * closed laptop) is offered again. Choosing the same file resumes where the server stopped;
 * Abandonner removes it from the server.
 */
export const ResumeOffer = ({ videoId, onResume, onOtherFile, disabled }: ResumeOfferProps) => {
  const [offer, setOffer] = useUnfinishedUpload(videoId);
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  if (!offer) return null;
  const { entry, percent } = offer;

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!isAccepted('video', file))
      return notify('Seuls les fichiers MP4 sont acceptés', 'warning');
    setOffer(null);
    if (fingerprintOf(entry.userId, videoId, 'video', file) === entry.fingerprint) {
      return onResume(file);
    }
    notify('Ce n’est pas le même fichier : il sera envoyé depuis le début', 'info');
    onOtherFile(file);
  };

  return (
    <Alert severity="info" sx={{ mb: 3, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      <Box component="p" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        L’envoi de {quoted(entry.fileName)} n’est pas terminé ({percent}
        {'\u00a0'}%). Choisissez à nouveau ce fichier pour le reprendre là où il s’est arrêté.
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button
          variant="contained"
          size="small"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          Choisir le fichier
        </Button>
        <Button
          size="small"
          color="inherit"
          disabled={disabled}
          onClick={() => {
            setOffer(null);
            void abandonStoredUpload(entry);
            notify('Envoi abandonné', 'info');
          }}
        >
          Abandonner cet envoi
        </Button>
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        accept="video/mp4"
        aria-label={`Reprendre l’envoi de ${entry.fileName}`}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Alert>
  );
};

import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import { isAccepted } from '../../../components/file-drop-zone.tsx';
import { useNotify } from '../../../lib/notify.tsx';

/**
 * Where many MP4 files are dropped or picked at once (a button for phones and keyboards).
 * Other files are left out, with a word.
 */
export const FilesDrop = ({ onFiles }: { onFiles: (files: File[]) => void }) => {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const videos = files.filter((file) => isAccepted('video', file));
    const refused = files.length - videos.length;
    if (refused > 0) {
      notify(
        refused === 1
          ? 'Un fichier laissé de côté : seuls les fichiers MP4 sont acceptés'
          : `${refused} fichiers laissés de côté : seuls les fichiers MP4 sont acceptés`,
        'warning',
      );
    }
    if (videos.length > 0) onFiles(videos);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-videos"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        textAlign: 'center',
        minHeight: { md: 220 },
        bgcolor: over ? 'action.hover' : 'transparent',
      }}
    >
      <VideoFileIcon sx={{ fontSize: 44, color: 'text.secondary' }} />
      <Typography variant="subtitle1" component="p">
        Vidéos
      </Typography>
      <Typography variant="body2" color="textSecondary">
        Glissez vos fichiers MP4 ici : chacun deviendra une vidéo en attente
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept="video/mp4"
        aria-label="Vidéos"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <Button variant="outlined" size="small" onClick={() => input.current?.click()}>
        Choisir des fichiers
      </Button>
    </Box>
  );
};

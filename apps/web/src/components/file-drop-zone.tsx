import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify } from '../lib/notify.tsx';

/** What a drop zone takes (spec section 5): videos are MP4 only, images PNG or JPEG. */
export type DropKind = 'video' | 'image';

const ACCEPTED: Record<DropKind, readonly string[]> = {
  video: ['video/mp4'],
  image: ['image/png', 'image/jpeg'],
};

const REFUSED: Record<DropKind, string> = {
  video: 'Seuls les fichiers MP4 sont acceptés',
  image: 'Seules les images PNG ou JPEG sont acceptées',
};

/** True when `file` is of a type `kind` takes (the server checks the content itself). */
export const isAccepted = (kind: DropKind, file: File) => ACCEPTED[kind].includes(file.type);

const sizeLabel = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1).replace('.', ',')} Go`
    : `${Math.max(1, Math.round(bytes / 1024 ** 2))} Mo`;

export interface FileDropZoneProps {
  kind: DropKind;
  /** What the zone is for, e.g. 'Vidéo' or 'Miniature'. */
  label: string;
  file: File | null;
  onFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * A drop zone with a button for those who cannot drag (phones, keyboards). Files of another
 * type are ignored with a message; a chosen image is previewed.
 */
export const FileDropZone = ({ kind, label, file, onFile, disabled }: FileDropZoneProps) => {
  const notify = useNotify();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || kind !== 'image') return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, kind]);

  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    if (isAccepted(kind, chosen)) onFile(chosen);
    else notify(REFUSED[kind], 'warning');
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={`drop-${label}`}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
        bgcolor: over ? 'action.hover' : 'transparent',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      {preview ? (
        <Box
          component="img"
          src={preview}
          alt={`Aperçu : ${label}`}
          sx={{ maxWidth: '100%', maxHeight: 160, borderRadius: 1 }}
        />
      ) : (
        <UploadFileIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
      )}
      <Typography variant="subtitle1" component="p">
        {label}
      </Typography>
      {/* The chosen file is what the person checks: full contrast, also on the disabled zone. */}
      <Typography
        variant="body2"
        color={file ? 'textPrimary' : 'textSecondary'}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {file
          ? `${file.name} (${sizeLabel(file.size)})`
          : `Glissez un fichier ${kind === 'video' ? 'MP4' : 'PNG ou JPEG'} ici`}
      </Typography>
      <input
        ref={input}
        id={inputId}
        type="file"
        hidden
        accept={ACCEPTED[kind].join(',')}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        size="small"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {file ? 'Changer de fichier' : 'Choisir un fichier'}
      </Button>
    </Box>
  );
};

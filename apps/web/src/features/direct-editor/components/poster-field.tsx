import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import type { Direct } from '@plateau/contract';
import { FileDropZone } from '../../../components/file-drop-zone.tsx';
import { ProtectedImage } from '../../../components/protected-image.tsx';
import { mediaPaths } from '../../../resources/media.ts';

interface PosterFieldProps {
  /** The direct being edited: its current poster shows until a new one is chosen. */
  direct?: Direct;
  file: File | null;
  onFile: (file: File) => void;
  /** 0-100 while the chosen poster uploads, else null. */
  progress: number | null;
  disabled: boolean;
}

/** The poster drop zone (PNG or JPEG), with the poster the direct has now. */
export const PosterField = ({ direct, file, onFile, progress, disabled }: PosterFieldProps) => (
  <Stack spacing={2}>
    {direct?.hasPoster && !file && (
      <Box component="figure" sx={{ m: 0 }}>
        <ProtectedImage
          path={mediaPaths.poster(direct.id)}
          alt={`Poster actuel de ${direct.title}`}
          eager
          placeholder={<LiveTvOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} />}
          sx={{ borderRadius: 2 }}
        />
        <Typography component="figcaption" variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Poster actuel
        </Typography>
      </Box>
    )}
    <FileDropZone kind="image" label="Poster" file={file} onFile={onFile} disabled={disabled} />
    {progress !== null && (
      <Box>
        <Typography variant="body2" id="poster-progress">
          Upload du poster : {progress} %
        </Typography>
        <LinearProgress variant="determinate" value={progress} aria-labelledby="poster-progress" />
      </Box>
    )}
  </Stack>
);

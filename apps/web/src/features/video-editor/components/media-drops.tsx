import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { FileDropZone } from '../../../components/file-drop-zone.tsx';

export interface MediaDropsProps {
  video: File | null;
  thumbnail: File | null;
  onVideo: (file: File) => void;
  onThumbnail: (file: File) => void;
  videoLabel: string;
  /** Shown above the video drop: the edit page's preview of the current video. */
  videoPreview?: ReactNode;
  /** Shown above the thumbnail drop while no new one is chosen: the current thumbnail. */
  thumbnailPreview?: ReactNode;
  disabled?: boolean;
}

/** The video (MP4 only) and thumbnail (PNG or JPEG) drops of both forms. */
export const MediaDrops = ({
  video,
  thumbnail,
  onVideo,
  onThumbnail,
  videoLabel,
  videoPreview,
  thumbnailPreview,
  disabled,
}: MediaDropsProps) => (
  <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
    {videoPreview}
    <FileDropZone
      kind="video"
      label={videoLabel}
      file={video}
      onFile={onVideo}
      disabled={disabled}
    />
    {!thumbnail && thumbnailPreview}
    <FileDropZone
      kind="image"
      label="Miniature"
      file={thumbnail}
      onFile={onThumbnail}
      disabled={disabled}
    />
  </Box>
);

import { useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { mediaImageQuery } from '../resources/media.ts';
import { useSession } from '../lib/session.ts';
import { useInView } from '../lib/use-in-view.ts';

interface ProtectedImageProps {
  /** Path under /api, from `mediaPaths`. */
  path: string;
  alt: string;
  /** The box keeps this shape before, while and after loading: no layout shift. */
  aspectRatio?: string;
  /** Shown while loading and when the server has no image for us (any answer but 200). */
  placeholder?: ReactNode;
  /** Fetch at once, not when scrolled into view (the largest image of a page). */
  eager?: boolean;
  sx?: SxProps<Theme>;
}

const DefaultPlaceholder = () => (
  <ImageOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
);

/**
 * A thumbnail or poster fetched with the bearer header (spec section 7, "Media"), only when it
 * comes into view; the placeholder stays when the answer is not 200.
 */
export const ProtectedImage = ({
  path,
  alt,
  aspectRatio = '16 / 9',
  placeholder = <DefaultPlaceholder />,
  eager = false,
  sx,
}: ProtectedImageProps) => {
  const box = useRef<HTMLDivElement>(null);
  const inView = useInView(box);
  const { token } = useSession();
  const { data: url } = useQuery({ ...mediaImageQuery(path, token), enabled: eager || inView });
  return (
    <Box
      ref={box}
      sx={[
        {
          position: 'relative',
          aspectRatio,
          width: '100%',
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {url ? (
        <Box
          component="img"
          src={url}
          alt={alt}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        placeholder
      )}
    </Box>
  );
};

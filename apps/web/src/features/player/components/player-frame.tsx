import {
  useCallback,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import Box from '@mui/material/Box';

/**
 * The player's box, for `PlayerFrame`: `root` for fullscreen, and `container`, the same element
 * as state, for the menus that render inside the player so they still show in fullscreen.
 */
export const usePlayerFrame = () => {
  const root = useRef<HTMLDivElement>(null);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    root.current = element;
    setContainer(element);
  }, []);
  return { root, container, ref };
};

interface PlayerFrameProps extends Pick<
  HTMLAttributes<HTMLDivElement>,
  'role' | 'aria-label' | 'onPointerMove'
> {
  ref: Ref<HTMLDivElement>;
  /** The controls show: the pointer too; it hides with them while the video plays. */
  shown: boolean;
  children: ReactNode;
}

/** Every player's box: 16:9 and black around the picture, the whole screen in fullscreen. */
export const PlayerFrame = ({ ref, shown, children, ...rest }: PlayerFrameProps) => (
  <Box
    {...rest}
    ref={ref}
    sx={{
      position: 'relative',
      width: '100%',
      aspectRatio: '16 / 9',
      bgcolor: '#000',
      overflow: 'hidden',
      cursor: shown ? 'auto' : 'none',
      '&:fullscreen': { aspectRatio: 'auto', height: '100%' },
    }}
  >
    {children}
  </Box>
);

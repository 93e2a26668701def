import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import PersonIcon from '@mui/icons-material/Person';
import StarIcon from '@mui/icons-material/Star';
import type { ReactElement } from 'react';
import type { Playlist } from '@plateau/contract';
import { useSession } from '../../../lib/session.ts';
import { isAuthor } from '../permissions.ts';

const Marker = ({ label, icon }: { label: string; icon: ReactElement }) => (
  <Tooltip title={label}>
    <Box
      component="span"
      role="img"
      aria-label={label}
      tabIndex={0}
      sx={{ display: 'inline-flex', color: 'primary.main', fontSize: 28, flexShrink: 0 }}
    >
      {icon}
    </Box>
  </Tooltip>
);

/** Next to the title: whether the viewer made this playlist, and whether it is featured. */
export const PlaylistIcons = ({ playlist }: { playlist: Playlist }) => {
  const session = useSession();
  return (
    <>
      {isAuthor(session, playlist) && (
        <Marker label="Créée par vous" icon={<PersonIcon fontSize="inherit" />} />
      )}
      {playlist.isPublic && (
        <Marker label="Playlist featurée" icon={<StarIcon fontSize="inherit" />} />
      )}
    </>
  );
};

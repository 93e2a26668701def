import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import type { Tag } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';

/** The grid of /videos reads its tag filter from `?tags=`: each chip opens it filtered. */
export const taggedVideosPath = (tagId: number) => `${paths.videos()}?tags=${tagId}`;

/** The video's tags as chips; ids whose name is not known (yet) are left out, not shown raw. */
export const VideoTags = ({
  tagIds,
  tags,
}: {
  tagIds: readonly number[];
  tags: readonly Tag[];
}) => {
  const shown = tagIds
    .map((id) => tags.find((tag) => tag.id === id))
    .filter((tag): tag is Tag => tag !== undefined);
  if (shown.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Tags"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
    >
      {shown.map((tag) => (
        <li key={tag.id}>
          <Chip
            component={RouterLink}
            to={taggedVideosPath(tag.id)}
            clickable
            icon={<LocalOfferOutlinedIcon />}
            label={tag.name}
            variant="outlined"
            size="small"
          />
        </li>
      ))}
    </Box>
  );
};

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { useTags } from '../../../resources/tags.ts';

export interface TagChipsProps {
  /** Ids of the chosen tags. */
  selected: readonly number[];
  onChange: (selected: number[]) => void;
}

/** Every tag as a toggle chip; several may be chosen at once. */
export const TagChips = ({ selected, onChange }: TagChipsProps) => {
  const { data: tags, status } = useTags();

  if (status === 'pending') {
    return (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-hidden>
        {[72, 96, 64, 88, 80].map((width, index) => (
          <Skeleton
            key={index}
            variant="rounded"
            width={width}
            height={32}
            sx={{ borderRadius: 4 }}
          />
        ))}
      </Box>
    );
  }
  // The notification already says why (spec section 8, "Tags").
  if (status === 'error') {
    return <Typography color="textSecondary">Les tags ne sont pas disponibles.</Typography>;
  }
  if (tags.length === 0) {
    return <Typography color="textSecondary">Aucun tag pour le moment.</Typography>;
  }

  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((one) => one !== id) : [...selected, id]);

  return (
    <Box role="group" aria-label="Tags" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {tags.map((tag) => {
        const on = selected.includes(tag.id);
        return (
          <Chip
            key={tag.id}
            label={tag.name}
            clickable
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            icon={on ? <CheckIcon /> : undefined}
            aria-pressed={on}
            onClick={() => toggle(tag.id)}
          />
        );
      })}
    </Box>
  );
};

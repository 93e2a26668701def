import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ChatState } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { useChatSettings } from '../../../resources/chat.ts';

/** The slow modes offered, in seconds (0: off). */
const SLOW_MODES = [0, 5, 10, 30, 60];

const slowModeLabel = (seconds: number) => (seconds === 0 ? 'Désactivé' : `${seconds} s`);

/** The moderators' switches for the whole chat, applied at once. */
export const ChatModerationBar = ({ directId, state }: { directId: number; state: ChatState }) => {
  const notify = useNotify();
  const settings = useChatSettings(directId);
  // Another moderator may have chosen a value this list does not offer: it is shown too.
  const choices = SLOW_MODES.includes(state.slowModeSeconds)
    ? SLOW_MODES
    : [...SLOW_MODES, state.slowModeSeconds].sort((a, b) => a - b);
  const failed = (error: Error) => notify(error.message, 'error');
  const pending = settings.isPending ? settings.variables : undefined;

  return (
    <Box
      role="group"
      aria-label="Modération du chat"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <TextField
        select
        size="small"
        label="Mode lent"
        value={pending?.slowModeSeconds ?? state.slowModeSeconds}
        onChange={(event) =>
          settings.mutate({ slowModeSeconds: Number(event.target.value) }, { onError: failed })
        }
        disabled={settings.isPending}
        sx={{ minWidth: 120 }}
      >
        {choices.map((seconds) => (
          <MenuItem key={seconds} value={seconds}>
            {slowModeLabel(seconds)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={pending?.membersOnly ?? state.membersOnly}
            onChange={(event) =>
              settings.mutate({ membersOnly: event.target.checked }, { onError: failed })
            }
            disabled={settings.isPending}
          />
        }
        label="Réservé aux membres"
        slotProps={{ typography: { variant: 'body2' } }}
      />
    </Box>
  );
};

import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import type { ChatState } from '@plateau/contract';
import { fieldLimits } from '@plateau/contract/constants';
import { paths } from '../../../lib/paths.ts';
import type { LoginState } from '../../../lib/remembered-page.ts';
import { useSession } from '../../../lib/session.ts';
import { useSendChatMessage } from '../../../resources/chat.ts';
import { chatLength, writeBlock } from '../chat-status.ts';

const LIMIT = fieldLimits.chatMessage;

/** Why the reader cannot write, in the field's place; a visitor is invited to sign in. */
const Blocked = ({ reason, signIn }: { reason: string; signIn: boolean }) => {
  const location = useLocation();
  const state: LoginState = { from: `${location.pathname}${location.search}` };
  return (
    <Box
      data-testid="chat-blocked"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 1.5, py: 1.25 }}
    >
      <Typography variant="body2" color="textSecondary" sx={{ flex: 1, minWidth: 160 }}>
        {reason}
      </Typography>
      {signIn && (
        <Button
          component={RouterLink}
          to={paths.login()}
          state={state}
          size="small"
          variant="contained"
        >
          Connexion
        </Button>
      )}
    </Box>
  );
};

interface ChatComposerProps {
  directId: number;
  state: ChatState;
  /** A message was sent (the list returns to the bottom). */
  onSent: () => void;
}

/**
 * The field at the bottom of the chat: Enter sends; the counter says how much is left. A refusal
 * (forbidden word, slow mode, flood, a mute) shows the server's French reason under the field
 * and keeps what was typed.
 */
export const ChatComposer = ({ directId, state, onSent }: ChatComposerProps) => {
  const { isAuth } = useSession();
  const send = useSendChatMessage(directId);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const helperId = useId();
  const block = writeBlock(state, isAuth);
  if (block) return <Blocked {...block} />;

  const length = chatLength(text);
  const tooLong = length > LIMIT;
  const empty = text.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || tooLong || send.isPending) return;
    setRefusal(null);
    send.mutate(text, {
      onSuccess: () => {
        setText('');
        onSent();
      },
      onError: (error) => setRefusal(error.message),
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ px: 1.5, pt: 1, pb: 0.75 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 1.5,
          pr: 0.5,
          border: 1,
          borderColor: refusal ? 'error.main' : 'divider',
          borderRadius: 5,
          bgcolor: 'action.hover',
          '&:focus-within': { borderColor: refusal ? 'error.main' : 'primary.main' },
        }}
      >
        <InputBase
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (refusal) setRefusal(null);
          }}
          placeholder="Écrire un message…"
          inputProps={{
            'aria-label': 'Message',
            'aria-describedby': helperId,
            'aria-invalid': refusal !== null || tooLong,
            enterKeyHint: 'send',
          }}
          sx={{ flex: 1, py: 0.75, fontSize: '0.9rem' }}
        />
        <IconButton
          type="submit"
          aria-label="Envoyer"
          color="primary"
          size="small"
          disabled={empty || tooLong || send.isPending}
        >
          <SendIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box id={helperId} sx={{ display: 'flex', gap: 1, minHeight: 20, px: 1.5 }}>
        <FormHelperText error role={refusal ? 'alert' : undefined} sx={{ flex: 1, m: 0 }}>
          {refusal ?? ''}
        </FormHelperText>
        <FormHelperText
          error={tooLong}
          data-testid="chat-counter"
          sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
        >
          {length}/{LIMIT}
        </FormHelperText>
      </Box>
    </Box>
  );
};

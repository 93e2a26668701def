import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { fetchChatExport, useChatSettings, useClearChat } from '../../../resources/chat.ts';
import { ChatModerationLog } from './chat-moderation-log.tsx';
import { SettingSwitch } from './setting-switch.tsx';
import { saveFile } from '../../../lib/save-file.ts';

const HELPER = 'Les spectateurs connectés écrivent à côté du direct ; les membres le modèrent.';

const Frame = ({ children }: { children: ReactNode }) => (
  <Box
    component="section"
    aria-labelledby="chat-section-title"
    sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, sm: 2.5 } }}
  >
    <Typography id="chat-section-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
      Chat du direct
    </Typography>
    <Box sx={{ display: 'grid', gap: 2 }}>{children}</Box>
  </Box>
);

interface NewChatSectionProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}

/** /addDirect: the chat is part of the form (`chat` in the direct's body). */
export const NewChatSection = ({ checked, onChange, disabled }: NewChatSectionProps) => (
  <Frame>
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
          />
        }
        label="Chat du direct"
      />
      <FormHelperText sx={{ mt: 0 }}>{HELPER}</FormHelperText>
    </Box>
  </Frame>
);

interface ChatAdminSectionProps {
  directId: number;
  /** Whether the chat is open, as the direct says. */
  enabled: boolean;
  /** The chat was turned on or off (the form keeps it, so Valider never undoes it). */
  onEnabled: (enabled: boolean) => void;
}

/**
 * /editDirect: the chat's switch (applied at once), the moderation log, the export and the
 * deletion of the conversation.
 */
export const ChatAdminSection = ({ directId, enabled, onEnabled }: ChatAdminSectionProps) => {
  const notify = useNotify();
  const settings = useChatSettings(directId);
  const clear = useClearChat(directId);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const checked = settings.isPending ? (settings.variables.enabled ?? enabled) : enabled;
  const failed = (error: Error) => notify(error.message, 'error');

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await fetchChatExport(directId), `chat-dt-${directId}.csv`);
    } catch (error) {
      failed(error as Error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Frame>
      <SettingSwitch
        label="Chat du direct"
        checked={checked}
        onChange={(on) =>
          settings.mutate(
            { enabled: on },
            {
              onSuccess: () => {
                onEnabled(on);
                notify(on ? 'Chat du direct ouvert' : 'Chat du direct fermé', 'success');
              },
              onError: failed,
            },
          )
        }
        disabled={settings.isPending}
        helper={HELPER}
      />
      <Box>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          Journal de modération
        </Typography>
        <ChatModerationLog directId={directId} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void exportCsv()}
          loading={exporting}
        >
          Exporter (CSV)
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setConfirming(true)}
        >
          Supprimer la conversation
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        question="Etes-vous sûr de vouloir supprimer toute la conversation du chat de ce DT ?"
        busy={clear.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify('Conversation supprimée', 'success');
            },
            onError: (error) => {
              setConfirming(false);
              failed(error);
            },
          })
        }
      />
    </Frame>
  );
};

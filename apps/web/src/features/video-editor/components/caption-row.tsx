import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import SubtitlesOutlinedIcon from '@mui/icons-material/SubtitlesOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { Caption } from '@plateau/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { listRowSx } from '../../../components/list-row.ts';
import { formatDate } from '../../../lib/dates.ts';
import { captionMessages, languageName } from '../caption-languages.ts';
import { CaptionFileButton } from './caption-file-button.tsx';

interface CaptionRowProps {
  caption: Caption;
  /** Another caption action or the form's own upload is under way. */
  disabled: boolean;
  /** This row's file is being sent. */
  sending: boolean;
  removing: boolean;
  onReplace: (file: File) => void;
  /** Resolves once the removal is answered, either way (the dialog closes then). */
  onRemove: () => Promise<unknown>;
}

/** One language: its name and date, Remplacer (a new file, sent at once) and Retirer (asked). */
export const CaptionRow = ({
  caption,
  disabled,
  sending,
  removing,
  onReplace,
  onRemove,
}: CaptionRowProps) => {
  const [confirming, setConfirming] = useState(false);
  const name = languageName(caption.language);
  return (
    <Box component="li" aria-label={name} sx={listRowSx}>
      <SubtitlesOutlinedIcon sx={{ color: 'text.secondary' }} aria-hidden />
      <Box sx={{ flex: '1 1 140px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        <Typography variant="body2" color="textSecondary">
          Envoyés le {formatDate(caption.updatedAt)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <CaptionFileButton
          inputLabel={`Nouveau fichier de sous-titres ${name}`}
          onFile={onReplace}
          disabled={disabled}
          loading={sending}
          buttonProps={{
            size: 'small',
            startIcon: <UploadFileIcon />,
            'aria-label': `Remplacer les sous-titres ${name}`,
          }}
        >
          Remplacer
        </CaptionFileButton>
        <Button
          type="button"
          size="small"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          aria-label={`Retirer les sous-titres ${name}`}
          disabled={disabled}
          onClick={() => setConfirming(true)}
        >
          Retirer
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        question={captionMessages.confirmRemove(name)}
        confirmLabel="Retirer"
        busy={removing}
        onConfirm={() => void onRemove().finally(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};

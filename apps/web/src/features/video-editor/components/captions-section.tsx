import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useNotify } from '../../../lib/notify.tsx';
import { captionListQuery } from '../../../resources/captions.ts';
import { useViewer } from '../../../resources/viewer.ts';
import { useRemoveCaption, useSendCaption } from '../api/caption-mutations.ts';
import {
  addableLanguages,
  captionFailureText,
  captionFileProblem,
  captionMessages,
  languageName,
} from '../caption-languages.ts';
import { CaptionFileButton } from './caption-file-button.tsx';
import { CaptionRow } from './caption-row.tsx';
import { SectionLoad } from './section-load.tsx';

interface CaptionsSectionProps {
  videoId: number;
  /** The form is saving or uploading: nothing else starts meanwhile. */
  disabled: boolean;
}

/**
 * 'Sous-titres' (issue 21): the video's captions, one per language. Each action is sent at
 * once, apart from Valider, which only saves the fields and files above.
 */
export const CaptionsSection = ({ videoId, disabled }: CaptionsSectionProps) => {
  const notify = useNotify();
  const list = useQuery(captionListQuery(useViewer(), videoId));
  const upload = useSendCaption(videoId);
  const remove = useRemoveCaption(videoId);
  const busy = disabled || upload.isPending || remove.isPending;
  const sendingLanguage = upload.isPending ? upload.variables.language : null;

  const send = (language: string, file: File) => {
    const problem = captionFileProblem(file);
    if (problem) return notify(problem, 'error');
    upload.mutate(
      { language, file },
      {
        onSuccess: () => notify(captionMessages.saved, 'success'),
        onError: (error) => notify(captionFailureText(error, captionMessages.sendFailed), 'error'),
      },
    );
  };

  const removeOne = (language: string) =>
    remove.mutateAsync(language).then(
      () => notify(captionMessages.removed, 'success'),
      () => notify(captionMessages.removeFailed, 'error'),
    );

  const captions = list.data?.captions ?? [];
  return (
    <Box component="section" aria-labelledby="captions-title" sx={{ display: 'grid', gap: 1.5 }}>
      <div>
        <Typography id="captions-title" variant="h6" component="h2">
          Sous-titres
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Un fichier SRT ou WebVTT par langue, enregistré dès qu'il est choisi.
        </Typography>
      </div>
      <SectionLoad
        label="Chargement des sous-titres"
        status={list.status}
        onRetry={() => void list.refetch()}
      >
        {captions.length === 0 ? (
          <Typography color="textSecondary">Aucun sous-titre pour cette vidéo.</Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Sous-titres de la vidéo"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
          >
            {captions.map((caption) => (
              <CaptionRow
                key={caption.language}
                caption={caption}
                disabled={busy}
                sending={sendingLanguage === caption.language}
                removing={remove.isPending && remove.variables === caption.language}
                onReplace={(file) => send(caption.language, file)}
                onRemove={() => removeOne(caption.language)}
              />
            ))}
          </Box>
        )}
        <AddCaption
          present={captions.map((caption) => caption.language)}
          disabled={busy}
          sending={
            sendingLanguage !== null && !captions.some((c) => c.language === sendingLanguage)
          }
          onSend={send}
        />
      </SectionLoad>
    </Box>
  );
};

interface AddCaptionProps {
  present: readonly string[];
  disabled: boolean;
  sending: boolean;
  onSend: (language: string, file: File) => void;
}

/** 'Ajouter des sous-titres': a language not yet there, then a file, sent as soon as chosen. */
const AddCaption = ({ present, disabled, sending, onSend }: AddCaptionProps) => {
  const { common, others } = addableLanguages(present);
  const [chosen, setChosen] = useState<string>('');
  // The last choice stays while it is free; once added, the next free language comes first.
  const language = [...common, ...others].includes(chosen) ? chosen : (common[0] ?? others[0]);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <TextField
        select
        size="small"
        label="Langue"
        value={language ?? ''}
        onChange={(event) => setChosen(event.target.value)}
        disabled={disabled || language === undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
      >
        {common.length > 0 && (
          <optgroup label="Langues courantes">
            {common.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </optgroup>
        )}
        {others.length > 0 && (
          <optgroup label="Autres langues">
            {others.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </optgroup>
        )}
      </TextField>
      <CaptionFileButton
        inputLabel="Fichier de sous-titres à ajouter"
        onFile={(file) => language && onSend(language, file)}
        disabled={disabled || language === undefined}
        loading={sending}
        buttonProps={{ variant: 'outlined', startIcon: <AddIcon /> }}
      >
        Ajouter des sous-titres
      </CaptionFileButton>
    </Box>
  );
};

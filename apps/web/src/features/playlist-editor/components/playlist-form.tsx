import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import type { PlaylistBody } from '@plateau/contract';
import { useSession } from '../../../lib/session.ts';
import { DescriptionField, TitleField } from '../../../components/shared-fields.tsx';

export interface PlaylistDraft {
  title: string;
  description: string;
  isPublic: boolean;
}

export const emptyDraft: PlaylistDraft = { title: '', description: '', isPublic: false };

interface PlaylistFormProps {
  initial: PlaylistDraft;
  busy: boolean;
  onSubmit: (body: PlaylistBody) => void;
  /** Buttons on the left of Valider (Annuler, Supprimer). */
  actions?: ReactNode;
}

/**
 * Titre, Description and, for a geek only, Featuré (spec section 5). Valider stays disabled
 * while the title is blank: the server wants something visible in it.
 */
export const PlaylistForm = ({ initial, busy, onSubmit, actions }: PlaylistFormProps) => {
  const isGeek = useSession().role === 'geek';
  const [draft, setDraft] = useState(initial);
  const title = draft.title.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title || busy) return;
    onSubmit({
      title,
      description: draft.description,
      // Only a geek may feature: anyone else's body leaves the flag as the server has it.
      ...(isGeek && { isPublic: draft.isPublic }),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <TitleField value={draft.title} onChange={(title) => setDraft({ ...draft, title })} />
        <DescriptionField
          value={draft.description}
          onChange={(description) => setDraft({ ...draft, description })}
        />
        {isGeek && (
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.isPublic}
                onChange={(event) => setDraft({ ...draft, isPublic: event.target.checked })}
              />
            }
            label="Featuré"
          />
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          {actions}
          <Button type="submit" variant="contained" disabled={!title} loading={busy}>
            Valider
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

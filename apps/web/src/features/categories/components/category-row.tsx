import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import type { Tag } from '@plateau/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { listRowSx } from '../../../components/list-row.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useDeleteCategory, useRenameCategory } from '../api/categories-api.ts';
import { categoryMessages, failureMessage, NAME_MAX } from '../messages.ts';

/** One category: its name, renamed in place, or deleted after a confirmation. */
export const CategoryRow = ({ tag }: { tag: Tag }) => {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCategory();
  const notify = useNotify();

  const confirmDelete = () =>
    remove.mutate(tag.id, {
      onSuccess: () => notify(categoryMessages.deleted, 'success'),
      onError: (error) => {
        setConfirming(false);
        notify(failureMessage(error, categoryMessages.deleteFailed), 'error');
      },
    });

  return (
    <Box component="li" aria-label={tag.name} sx={listRowSx}>
      {renaming ? (
        <RenameForm tag={tag} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <LabelOutlinedIcon sx={{ color: 'text.secondary' }} aria-hidden />
          <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {tag.name}
          </Typography>
          <Tooltip title="Renommer">
            <IconButton aria-label={`Renommer ${tag.name}`} onClick={() => setRenaming(true)}>
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Supprimer">
            <IconButton
              aria-label={`Supprimer ${tag.name}`}
              color="error"
              onClick={() => setConfirming(true)}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Tooltip>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        question={categoryMessages.confirmDelete(tag.name)}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};

/** The name in a field: Enregistrer (or Entrée) saves, Annuler (or Échap) leaves it as it was. */
const RenameForm = ({ tag, onDone }: { tag: Tag; onDone: () => void }) => {
  const rename = useRenameCategory();
  const notify = useNotify();
  const [name, setName] = useState(tag.name);
  const trimmed = name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || rename.isPending) return;
    if (trimmed === tag.name) return onDone();
    rename.mutate(
      { id: tag.id, name: trimmed },
      {
        onSuccess: () => {
          notify(categoryMessages.renamed, 'success');
          onDone();
        },
        onError: (error) => notify(failureMessage(error, categoryMessages.renameFailed), 'error'),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, flex: 1 }}
    >
      <TextField
        label="Nouveau nom"
        size="small"
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        sx={{ flex: '1 1 200px' }}
      />
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <Button onClick={onDone} disabled={rename.isPending}>
          Annuler
        </Button>
        <Button type="submit" variant="contained" disabled={!trimmed} loading={rename.isPending}>
          Enregistrer
        </Button>
      </Box>
    </Box>
  );
};

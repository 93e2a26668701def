import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useNotify } from '../../../lib/notify.tsx';
import { useCreateCategory } from '../api/categories-api.ts';
import { categoryMessages, failureMessage, NAME_MAX } from '../messages.ts';

/** A name and Ajouter: disabled while the name is blank. */
export const NewCategoryForm = () => {
  const create = useCreateCategory();
  const notify = useNotify();
  const [name, setName] = useState('');
  const trimmed = name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || create.isPending) return;
    create.mutate(trimmed, {
      onSuccess: () => {
        notify(categoryMessages.created, 'success');
        setName('');
      },
      onError: (error) => notify(failureMessage(error, categoryMessages.createFailed), 'error'),
    });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 3 }}
    >
      <TextField
        label="Nouvelle catégorie"
        size="small"
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        sx={{ flex: '1 1 160px' }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<AddIcon />}
        disabled={!trimmed}
        loading={create.isPending}
        sx={{ minHeight: 40 }}
      >
        Ajouter
      </Button>
    </Box>
  );
};

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHAT_FORBIDDEN_WORD_LENGTH, CHAT_FORBIDDEN_WORDS_MAX } from '@plateau/contract/constants';
import { useNotify } from '../../../lib/notify.tsx';
import { useForbiddenWords, useSaveForbiddenWords } from '../../../resources/chat.ts';

/** One word (or expression) a line; blank lines and repeats left out. */
export const wordsOf = (text: string) => [
  ...new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

const problemOf = (words: string[]) => {
  if (words.length > CHAT_FORBIDDEN_WORDS_MAX)
    return `${CHAT_FORBIDDEN_WORDS_MAX} mots au plus (${words.length} ici)`;
  const long = words.find((word) => word.length > CHAT_FORBIDDEN_WORD_LENGTH);
  return long ? `« ${long.slice(0, 20)}… » dépasse ${CHAT_FORBIDDEN_WORD_LENGTH} caractères` : null;
};

const Editor = ({ initial }: { initial: string[] }) => {
  const notify = useNotify();
  const save = useSaveForbiddenWords();
  const [saved, setSaved] = useState(initial.join('\n'));
  const [text, setText] = useState(saved);
  const words = wordsOf(text);
  const problem = problemOf(words);
  const changed = words.join('\n') !== wordsOf(saved).join('\n');

  return (
    <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 520 }}>
      <TextField
        label="Mots interdits dans le chat"
        multiline
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem !== null}
        helperText={problem ?? 'Un mot par ligne ; majuscules et accents ne comptent pas.'}
        disabled={save.isPending}
      />
      <Box>
        <Button
          variant="contained"
          disabled={!changed || problem !== null}
          loading={save.isPending}
          onClick={() =>
            save.mutate(words, {
              onSuccess: (answer) => {
                const kept = answer.words.join('\n');
                setSaved(kept);
                setText(kept);
                notify('Mots interdits enregistrés', 'success');
              },
              onError: (error) => notify(error.message, 'error'),
            })
          }
        >
          Enregistrer les mots interdits
        </Button>
      </Box>
    </Box>
  );
};

/**
 * /settings: the words a chat message may not contain (the server refuses it with its French
 * reason). Saved on its own button, apart from Enregistrer.
 */
export const ForbiddenWordsSection = () => {
  const words = useForbiddenWords();
  return (
    <Box component="section" aria-labelledby="forbidden-words-title" sx={{ mb: 4 }}>
      <Typography
        id="forbidden-words-title"
        component="h2"
        variant="h6"
        sx={{ fontWeight: 700, mb: 0.5 }}
      >
        Chat des directs
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        Un message qui contient l&apos;un de ces mots est refusé.
      </Typography>
      {words.isError && <Alert severity="error">{words.error.message}</Alert>}
      {!words.isError &&
        (words.isFetchedAfterMount && words.data ? (
          <Editor initial={words.data.words} />
        ) : (
          <Skeleton variant="rounded" height={140} sx={{ maxWidth: 520 }} />
        ))}
    </Box>
  );
};

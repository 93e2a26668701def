import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import NotesIcon from '@mui/icons-material/Notes';
import type { Chapter } from '@plateau/contract';
import { chaptersFromDescription, fieldLimits } from '@plateau/contract/constants';
import { errorStatus } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { chapterListQuery } from '../../../resources/chapters.ts';
import { useViewer } from '../../../resources/viewer.ts';
import { useSaveChapters } from '../api/chapter-mutations.ts';
import { formatChapterTime, parseChapterTime } from '../chapter-times.ts';
import { SectionLoad } from './section-load.tsx';

export const chapterMessages = {
  saved: 'Chapitres enregistrés',
  failed: "Les chapitres n'ont pas pu être enregistrés, réessayez.",
  check: 'Vérifiez les chapitres signalés en rouge.',
  noneInDescription:
    'Aucun chapitre dans la description : une ligne par chapitre, son début en premier (0:00 Accueil), le premier à 0:00.',
  imported: (count: number) => `${count} chapitres repris de la description`,
  badTime: 'Début invalide (m:ss)',
  noTitle: 'Titre requis',
} as const;

interface Row {
  key: number;
  time: string;
  title: string;
}

interface ChaptersSectionProps {
  videoId: number;
  /** The description as the form holds it now (« Importer depuis la description »). */
  description: string;
  /** Where the page's preview is: a chapter is added there once it has moved. */
  playhead: () => number;
  disabled: boolean;
}

/**
 * « Chapitres » (issue 34): the video's named times, edited as a list and saved together
 * (« Enregistrer les chapitres »), apart from Valider, which saves the fields above.
 */
export const ChaptersSection = ({
  videoId,
  description,
  playhead,
  disabled,
}: ChaptersSectionProps) => {
  const notify = useNotify();
  const list = useQuery(chapterListQuery(useViewer(), videoId));
  const save = useSaveChapters(videoId);
  const nextKey = useRef(0);
  const rowsOf = (chapters: readonly Chapter[]): Row[] =>
    chapters.map((chapter) => ({
      key: (nextKey.current += 1),
      time: formatChapterTime(chapter.start),
      title: chapter.title,
    }));
  const saved = useMemo(() => rowsOf(list.data?.chapters ?? []), [list.data]);
  // Null until the member changes something: the list shown is then the server's.
  const [draft, setDraft] = useState<Row[] | null>(null);
  const [checked, setChecked] = useState(false);
  const rows = draft ?? saved;
  const busy = disabled || save.isPending;

  const edit = (change: (rows: Row[]) => Row[]) => setDraft(change(rows));
  const problems = rows.map((row) => ({
    time: parseChapterTime(row.time) === null,
    title: row.title.trim() === '',
  }));

  const submit = () => {
    setChecked(true);
    if (problems.some((problem) => problem.time || problem.title)) {
      return notify(chapterMessages.check, 'error');
    }
    const chapters = rows.map((row) => ({
      start: parseChapterTime(row.time)!,
      title: row.title.trim(),
    }));
    save.mutate(chapters, {
      onSuccess: () => {
        setDraft(null);
        setChecked(false);
        notify(chapterMessages.saved, 'success');
      },
      onError: (error) =>
        notify(
          errorStatus(error) === 400 && error.message ? error.message : chapterMessages.failed,
          'error',
        ),
    });
  };

  const importDescription = () => {
    const found = chaptersFromDescription(description);
    if (!found) return notify(chapterMessages.noneInDescription, 'error');
    setDraft(rowsOf(found));
    notify(chapterMessages.imported(found.length), 'info');
  };

  /** At the preview's position once it has moved; else a minute after the last chapter. */
  const addRow = () => {
    const last = rows.at(-1);
    const at = playhead();
    const after = at > 0 ? at : last ? (parseChapterTime(last.time) ?? 0) + 60 : 0;
    edit((all) => [
      ...all,
      { key: (nextKey.current += 1), time: formatChapterTime(after), title: '' },
    ]);
  };

  return (
    <Box component="section" aria-labelledby="chapters-title" sx={{ display: 'grid', gap: 1.5 }}>
      <div>
        <Typography id="chapters-title" variant="h6" component="h2">
          Chapitres
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Les parties de la vidéo, marquées sur la barre de lecture et dans le menu Chapitres.
        </Typography>
      </div>
      <SectionLoad
        label="Chargement des chapitres"
        status={list.status}
        onRetry={() => void list.refetch()}
      >
        {rows.length === 0 ? (
          <Typography color="textSecondary">Aucun chapitre pour cette vidéo.</Typography>
        ) : (
          <Box
            component="ol"
            aria-label="Chapitres de la vidéo"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
          >
            {rows.map((row, index) => (
              <Box
                component="li"
                key={row.key}
                aria-label={`Chapitre ${index + 1}`}
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
              >
                <TextField
                  size="small"
                  label="Début"
                  value={row.time}
                  disabled={busy}
                  error={checked && problems[index]!.time}
                  helperText={checked && problems[index]!.time ? chapterMessages.badTime : ' '}
                  onChange={(event) =>
                    edit((all) =>
                      all.map((one) =>
                        one.key === row.key ? { ...one, time: event.target.value } : one,
                      ),
                    )
                  }
                  slotProps={{ htmlInput: { inputMode: 'decimal', spellCheck: false } }}
                  sx={{ width: 112, flex: 'none' }}
                />
                <TextField
                  size="small"
                  label="Titre"
                  value={row.title}
                  disabled={busy}
                  error={checked && problems[index]!.title}
                  helperText={checked && problems[index]!.title ? chapterMessages.noTitle : ' '}
                  onChange={(event) =>
                    edit((all) =>
                      all.map((one) =>
                        one.key === row.key ? { ...one, title: event.target.value } : one,
                      ),
                    )
                  }
                  slotProps={{ htmlInput: { maxLength: fieldLimits.chapterTitle } }}
                  sx={{ flex: '1 1 auto', minWidth: 0 }}
                />
                <IconButton
                  type="button"
                  aria-label={`Retirer le chapitre ${index + 1}`}
                  disabled={busy}
                  onClick={() => edit((all) => all.filter((one) => one.key !== row.key))}
                  sx={{ mt: 0.25 }}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            type="button"
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={busy || rows.length >= fieldLimits.videoChapters}
            onClick={addRow}
          >
            Ajouter un chapitre
          </Button>
          <Button
            type="button"
            variant="outlined"
            startIcon={<NotesIcon />}
            disabled={busy}
            onClick={importDescription}
          >
            Importer depuis la description
          </Button>
          <Button
            type="button"
            variant="contained"
            disabled={busy || draft === null}
            loading={save.isPending}
            onClick={submit}
          >
            Enregistrer les chapitres
          </Button>
        </Box>
      </SectionLoad>
    </Box>
  );
};

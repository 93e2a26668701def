import { useState } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { formatDate } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { searchTerm } from '../../../lib/search-term.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDirectSearch } from '../../../resources/directs.ts';
import { useVideoSearch } from '../../../resources/videos.ts';
import { useOpenSearchPage } from '../use-open-search-page.ts';

/** The header dropdown: up to 10 videos and 5 directs (spec section 9). */
const HEADER_VIDEOS = 10;
const HEADER_DIRECTS = 5;

interface Suggestion {
  kind: 'video' | 'direct';
  id: number;
  title: string;
  date: string;
}

const groupLabel = { video: 'Vidéos', direct: 'DT' } as const;

/**
 * The header search box: suggestions as you type, Enter opens the search page. Loaded on first
 * use by LazyHeaderSearch, which hands over what was typed meanwhile (`initialText`).
 */
export const HeaderSearch = ({
  initialText = '',
  autoFocus = false,
}: {
  initialText?: string;
  autoFocus?: boolean;
}) => {
  const navigate = useNavigate();
  const openSearchPage = useOpenSearchPage();
  const [text, setText] = useState(initialText);
  const term = searchTerm(useDebouncedValue(text));
  // Only the answers for the latest term are shown: they are the ones the query keys ask for.
  const videos = useVideoSearch(term, HEADER_VIDEOS);
  const directs = useDirectSearch(term, HEADER_DIRECTS);
  const isFetching = videos.isFetching || directs.isFetching;
  const options: Suggestion[] = [
    ...(videos.data ?? []).map((v) => ({
      kind: 'video' as const,
      id: v.id,
      title: v.title,
      date: v.date,
    })),
    ...(directs.data ?? []).map((d) => ({
      kind: 'direct' as const,
      id: d.id,
      title: d.title,
      date: d.date,
    })),
  ];

  return (
    <Autocomplete<Suggestion, false, false, true>
      freeSolo
      size="small"
      // Text typed in the plain field before this box loaded gets its suggestions at once.
      openOnFocus={Boolean(initialText)}
      options={term ? options : []}
      filterOptions={(all) => all}
      groupBy={(option) => groupLabel[option.kind]}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.title)}
      getOptionKey={(option) =>
        typeof option === 'string' ? option : `${option.kind}-${option.id}`
      }
      loading={isFetching}
      loadingText="Recherche..."
      noOptionsText="Aucun résultat"
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, value) => {
        if (typeof value === 'string') openSearchPage(value);
        else if (value)
          navigate(value.kind === 'video' ? paths.video(value.id) : paths.direct(value.id));
      }}
      // MUI's default groups nest a list in the listbox (invalid ARIA, axe 'critical'): each
      // group is an ARIA group of options named by its visible title.
      renderGroup={(params) => (
        <li key={params.key} role="presentation">
          <ListSubheader component="div" aria-hidden sx={{ top: -8, lineHeight: '36px' }}>
            {params.group}
          </ListSubheader>
          <ul role="group" aria-label={params.group} style={{ padding: 0 }}>
            {params.children}
          </ul>
        </li>
      )}
      renderOption={(props, option) => (
        <li {...props} key={`${option.kind}-${option.id}`}>
          <span>
            {option.title}
            <br />
            <small style={{ opacity: 0.7 }}>{formatDate(option.date)}</small>
          </span>
        </li>
      )}
      sx={{ flex: 1, maxWidth: 480, minWidth: 0 }}
      // On a phone the box is narrow: suggestions get the screen's width, not the box's.
      slotProps={{ popper: { sx: { minWidth: 'min(344px, calc(100vw - 16px))' } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="Rechercher"
          aria-label="Rechercher"
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
};

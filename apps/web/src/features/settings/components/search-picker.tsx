import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { formatDate } from '../../../lib/dates.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** What a search picker reads: the suggestions for a term, and whether they are coming. */
export interface Suggestions<T> {
  data?: T[];
  isFetching: boolean;
}

interface Pickable {
  id: number;
  title: string;
  date: string;
}

interface SearchPickerProps<T extends Pickable> {
  label: string;
  /** The search hook for what was typed (an empty term makes no call). */
  useSuggestions: (term: string) => Suggestions<T>;
  onPick: (item: T) => void;
  disabled?: boolean;
}

/**
 * Search as you type, a few suggestions, one pick. The box empties once something is picked:
 * the chosen item is shown by the caller, beside its clear button.
 */
export const SearchPicker = <T extends Pickable>({
  label,
  useSuggestions,
  onPick,
  disabled,
}: SearchPickerProps<T>) => {
  const [text, setText] = useState('');
  const term = useDebouncedValue(text);
  // Only the answer for the latest term shows: it is the one the query key asks for.
  const { data, isFetching } = useSuggestions(term);
  const typed = text.trim() !== '';

  return (
    <Autocomplete<T>
      value={null}
      // A search, not a list to open: no arrow, a magnifier instead.
      forcePopupIcon={false}
      options={typed ? (data ?? []) : []}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      loading={typed && isFetching}
      loadingText="Recherche..."
      noOptionsText={typed ? 'Aucun résultat' : 'Tapez un titre'}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') setText(value);
      }}
      onChange={(_event, value) => {
        if (!value) return;
        onPick(value);
        setText('');
      }}
      disabled={disabled}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          <span>
            {option.title}
            <br />
            <small style={{ opacity: 0.7 }}>{formatDate(option.date)}</small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
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

import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { formatDate } from '../lib/dates.ts';
import { searchTerm } from '../lib/search-term.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { directQuery, directSearchQuery } from '../resources/directs.ts';
import { useViewer } from '../resources/viewer.ts';

/** A direct linked to a video; the title is unknown until it is looked up. */
export interface LinkedDirect {
  id: number;
  title: string | null;
}

/** Spec section 9: three live suggestions. */
const DIRECT_SUGGESTIONS = 3;

interface Suggestion extends LinkedDirect {
  date?: string;
}

export interface DirectPickerProps {
  value: LinkedDirect | null;
  onChange: (direct: LinkedDirect | null) => void;
  disabled?: boolean;
}

const labelOf = (direct: LinkedDirect) => direct.title ?? `Direct n°${direct.id}`;

/**
 * The linked direct (spec section 5): search as you type, three suggestions, the chosen id shown
 * under the field; clearing the field unlinks it.
 */
export const DirectPicker = ({ value, onChange, disabled }: DirectPickerProps) => {
  const [text, setText] = useState('');
  // What was typed, as opposed to the chosen direct's title filled in by the field itself.
  const [typed, setTyped] = useState('');
  const term = searchTerm(useDebouncedValue(typed));
  const viewer = useViewer();
  const suggestions = useQuery(directSearchQuery(viewer, term, DIRECT_SUGGESTIONS));
  // A video loaded with a direct knows its id only: its title is looked up to show it.
  const linked = useQuery({
    ...directQuery(viewer, value?.id ?? 0),
    enabled: value !== null && value.title === null,
  });
  const title = linked.data?.title;
  const shown = useMemo(
    () => (value && value.title === null && title ? { id: value.id, title } : value),
    [value, title],
  );

  return (
    <Autocomplete<Suggestion>
      value={shown}
      disabled={disabled}
      options={term ? (suggestions.data ?? []) : []}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={labelOf}
      getOptionKey={(option) => option.id}
      loading={suggestions.isFetching}
      loadingText="Recherche..."
      noOptionsText={term ? 'Aucun direct trouvé' : 'Tapez le nom d’un direct'}
      clearOnEscape
      clearText="Retirer le direct"
      openText="Ouvrir"
      closeText="Fermer"
      inputValue={text}
      onInputChange={(_event, input, reason) => {
        setText(input);
        setTyped(reason === 'input' ? input : '');
      }}
      onChange={(_event, chosen) =>
        onChange(chosen ? { id: chosen.id, title: chosen.title } : null)
      }
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          <span>
            {option.title}
            <br />
            <small style={{ opacity: 0.7 }}>
              {option.date ? `${formatDate(option.date)} · ` : ''}n°{option.id}
            </small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Direct associé"
          placeholder="Rechercher un direct"
          helperText={value ? `Direct choisi : n°${value.id}` : 'Aucun direct associé'}
        />
      )}
    />
  );
};

import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { useOpenSearchPage } from '../use-open-search-page.ts';

// MUI Autocomplete and TextField weigh about 45 kB gzip: they load when someone reaches for
// the box (focus, pointer down, typing), not with every signed-in page.

/**
 * A plain input drawn like the small outlined Autocomplete (same size, icon, placeholder):
 * text typed before the real box has loaded is kept, and Enter already opens the search page.
 */
const PlainSearchField = ({
  text,
  onText,
  onWake,
  onFocusChange,
}: {
  text: string;
  onText: (text: string) => void;
  onWake: () => void;
  onFocusChange: (focused: boolean) => void;
}) => {
  const openSearchPage = useOpenSearchPage();
  return (
    <Box
      sx={(theme) => ({
        flex: 1,
        maxWidth: 480,
        minWidth: 0,
        height: 40,
        display: 'flex',
        alignItems: 'center',
        // Icon and text where the Autocomplete draws them (measured at 1280 and 360 px).
        gap: '11px',
        pl: '9px',
        pr: '6px',
        border: 1,
        borderColor:
          theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)',
        borderRadius: `${theme.shape.borderRadius}px`,
        color: 'text.primary',
        cursor: 'text',
        '&:hover': { borderColor: 'text.primary' },
        '& svg': { color: 'action.active', flexShrink: 0 },
      })}
    >
      <SearchIcon fontSize="small" />
      <Box
        component="input"
        type="text"
        placeholder="Rechercher"
        aria-label="Rechercher"
        autoComplete="off"
        value={text}
        onFocus={() => {
          onFocusChange(true);
          onWake();
        }}
        onBlur={() => onFocusChange(false)}
        onPointerDown={onWake}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          onText(event.target.value);
          onWake();
        }}
        onKeyDown={(event: React.KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') openSearchPage(text);
        }}
        sx={(theme) => ({
          flex: 1,
          minWidth: 0,
          height: '100%',
          p: '2.5px 4px 2.5px 0',
          border: 0,
          outline: 0,
          background: 'none',
          color: 'inherit',
          font: 'inherit',
          ...theme.typography.body1,
          '&::placeholder': {
            color: 'inherit',
            opacity: theme.palette.mode === 'light' ? 0.42 : 0.5,
          },
        })}
      />
    </Box>
  );
};

type HeaderSearchComponent = typeof import('./header-search.tsx').HeaderSearch;

/** The header search box: a light field until first used, then the real suggestions box. */
export const LazyHeaderSearch = () => {
  const [text, setText] = useState('');
  const [Real, setReal] = useState<HeaderSearchComponent | null>(null);
  const loading = useRef(false);
  const focused = useRef(false);
  const wake = () => {
    if (loading.current) return;
    loading.current = true;
    import('./header-search.tsx').then(
      (module) => setReal(() => module.HeaderSearch),
      // Offline or a new deployment: the plain field still searches on Enter; the next
      // gesture tries again.
      () => {
        loading.current = false;
      },
    );
  };
  // The real box takes the place of the plain one with the typed text, and the focus when
  // the plain one had it (not when the person has moved on meanwhile).
  if (Real) return <Real initialText={text} autoFocus={focused.current} />;
  return (
    <PlainSearchField
      text={text}
      onText={setText}
      onWake={wake}
      onFocusChange={(hasFocus) => {
        focused.current = hasFocus;
      }}
    />
  );
};

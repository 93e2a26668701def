import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HomeDisplay } from '@plateau/contract/constants';
import { useNotify } from '../../../lib/notify.tsx';
import { promotionDigits } from '../../../lib/promotion.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import {
  hasChanges,
  homeDisplayLabels,
  placeInSlot,
  type SettingsDraft,
} from '../settings-draft.ts';
import { CurrentDirectField } from './current-direct-field.tsx';
import { TrendingSlot } from './trending-slot.tsx';

/** Spec section 8: what Enregistrer says. */
export const settingsMessages = {
  saved: 'Modifications enregistrées',
  failed: "Une erreur s'est produite",
} as const;

const DISPLAYS = [
  HomeDisplay.Classic,
  HomeDisplay.Theme,
  HomeDisplay.NextDirect,
  HomeDisplay.CurrentDirect,
];

const Block = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ mb: 4 }}>
    <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

interface SettingsFormProps {
  initial: SettingsDraft;
}

/** /settings: the current direct, the home display, the GPA promo and the five trending slots. */
export const SettingsForm = ({ initial }: SettingsFormProps) => {
  const notify = useNotify();
  const save = useSaveSettings();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const busy = save.isPending;
  const change = (update: Partial<SettingsDraft>) =>
    setDraft((current) => ({ ...current, ...update }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !hasChanges(saved, draft)) return;
    save.mutate(
      { saved, draft, onStep: setSaved },
      {
        onSuccess: () => notify(settingsMessages.saved, 'success'),
        onError: () => notify(settingsMessages.failed, 'error'),
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 0, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Block title="DT en cours">
          <CurrentDirectField
            direct={draft.currentDirect}
            onChange={(direct) =>
              change({
                currentDirect: direct,
                // The server turns a classic home into the theme one when a direct is chosen.
                ...(direct && draft.homeDisplay === HomeDisplay.Classic
                  ? { homeDisplay: HomeDisplay.Theme }
                  : {}),
              })
            }
            disabled={busy}
          />
        </Block>
        <Block title="Accueil">
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            <TextField
              select
              label="Affichage de l'accueil"
              value={draft.homeDisplay}
              onChange={(event) =>
                change({ homeDisplay: Number(event.target.value) as HomeDisplay })
              }
              disabled={busy}
            >
              {DISPLAYS.map((display) => (
                <MenuItem key={display} value={display}>
                  {homeDisplayLabels[display]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Promo des GPA"
              value={draft.gpaPromo}
              onChange={(event) => change({ gpaPromo: promotionDigits(event.target.value) })}
              helperText="Vide : aucune promo"
              disabled={busy}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            />
          </Box>
        </Block>
      </Box>
      <Block title="A la une">
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(5, minmax(0, 1fr))',
            },
          }}
        >
          {draft.trending.map((video, index) => (
            <TrendingSlot
              key={index + 1}
              slot={index + 1}
              video={video}
              onChange={(chosen) =>
                change({ trending: placeInSlot(draft.trending, index + 1, chosen) })
              }
              disabled={busy}
            />
          ))}
        </Box>
      </Block>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy || !hasChanges(saved, draft)}
      >
        Enregistrer
      </Button>
    </Box>
  );
};

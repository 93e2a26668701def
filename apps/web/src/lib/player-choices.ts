import { getSession, onSessionChange } from './session.ts';

/** The player's remembered choices, in local storage under this key. */
export const PLAYER_CHOICES_KEY = 'playerChoices';

/** 'auto': adaptive streaming; a number: that rung (1080, 720, 480, 240). */
export type QualityChoice = 'auto' | number;

export interface PlayerChoices {
  quality: QualityChoice;
  /** The captions' language (`fr`, `en`…), null when they are off (the default). */
  captions: string | null;
}

interface StoredChoices extends PlayerChoices {
  /** Whose choices these are (null: a visitor): they never follow the next person. */
  owner: number | null;
}

const defaults: PlayerChoices = { quality: 'auto', captions: null };

const readStored = (): Partial<StoredChoices> | null => {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PLAYER_CHOICES_KEY) ?? 'null');
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
};

/**
 * What this person chose last in any player: Auto and no captions until they choose. Choices
 * left by someone else on a shared computer (a browser closed without Déconnexion) are ignored.
 */
export const readPlayerChoices = (): PlayerChoices => {
  const stored = readStored();
  if (!stored || stored.owner !== getSession().userId) return defaults;
  const quality =
    stored.quality === 'auto' || (typeof stored.quality === 'number' && stored.quality > 0)
      ? stored.quality
      : defaults.quality;
  const captions =
    typeof stored.captions === 'string' && stored.captions !== '' ? stored.captions : null;
  return { quality, captions };
};

export const rememberPlayerChoices = (change: Partial<PlayerChoices>) => {
  const next: StoredChoices = {
    ...readPlayerChoices(),
    ...change,
    owner: getSession().userId,
  };
  localStorage.setItem(PLAYER_CHOICES_KEY, JSON.stringify(next));
};

// A change of person (sign-in, Déconnexion, expiry, another tab) starts from the defaults.
onSessionChange(() => localStorage.removeItem(PLAYER_CHOICES_KEY));

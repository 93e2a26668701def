/**
 * The chat of the direct (issue 36): its plain limits, shared by the server's checks and the
 * web's form and messages.
 */

/** A muted account may not write for this long, or for the rest of the direct. */
export const CHAT_MUTE_MINUTES = 5;
/** Slow mode: one message every N seconds per account, N at most this. */
export const CHAT_SLOW_MODE_MAX_SECONDS = 600;
/** Beyond slow mode, an account may send this many messages in a row... */
export const CHAT_BURST = 5;
/** ...then one every this many seconds (a flood is refused with the time to wait). */
export const CHAT_REFILL_SECONDS = 2;
/** Forbidden words in /settings: how many, and how long each. */
export const CHAT_FORBIDDEN_WORDS_MAX = 200;
export const CHAT_FORBIDDEN_WORD_LENGTH = 60;
/** Messages a chat sends when opened (older ones come page by page). */
export const CHAT_HISTORY_PAGE = 100;
/**
 * Open chat streams one address may hold: a school's network shows hundreds of students behind
 * one address, so the bound is theirs, not one person's; a thousand from one address is not.
 */
export const CHAT_CONNECTIONS_PER_ADDRESS = 250;

/** Why a message or an action is refused: the French the page shows. */
export const chatMessages = {
  off: 'Le chat de ce direct est fermé',
  empty: 'Le message est vide',
  tooLong: (max: number) => `Le message dépasse ${max} caractères`,
  forbiddenWord: 'Le message contient un mot interdit sur Plateau',
  membersOnly: 'Le chat est réservé aux membres pour le moment',
  muted: 'Vous êtes rendu muet dans ce chat',
  slowMode: (seconds: number) => `Mode lent : réessayez dans ${seconds} s`,
  flood: (seconds: number) => `Trop de messages : réessayez dans ${seconds} s`,
  signIn: 'Connectez-vous pour écrire dans le chat',
  tooManyConnections: 'Trop de connexions au chat depuis cette adresse',
} as const;
